import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconAlertTriangle, IconClockX, IconLinkOff } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import type { ActivationPurpose } from '../../../../contract/passwords'
import { useServices } from '../../../services/services-context'
import { confirmedPassword } from '../../../shared/form/confirmed-password'
import { useSchemaForm } from '../../../shared/form/use-schema-form'
import { AuthLayout } from '../../../ui/auth-layout'
import { PageData } from '../../../ui/page-data'
import { TooManyRequests, tooManyRequests } from '../../../ui/too-many-requests'
import { type ActivationLink, activationLinkQueryOptions, linkStateOf } from '../api/activation-link'
import { refusalOf } from '../api/refusal'
import { useSetPassword } from '../api/set-password'
import type { PasswordIdentity } from '../password-rules'
import { LinkTokenGuard } from './link-token-guard'
import { NewPasswordFields, newPasswordEntries } from './new-password-fields'

const activate = getRouteApi('/activate/$activationToken')
const reset = getRouteApi('/password/reset/$activationToken')

/** `/activate/$activationToken`: an invitation's link, where a new user creates a password. */
export function ActivateAccountPage() {
  const { activationToken } = activate.useParams()
  return <SetPasswordPage purpose="ACTIVATE" activationToken={activationToken} />
}

/** `/password/reset/$activationToken`: a reset link, where a user chooses a new password. */
export function ResetPasswordPage() {
  const { activationToken } = reset.useParams()
  return <SetPasswordPage purpose="RESET" activationToken={activationToken} />
}

interface SetPasswordPageProps {
  purpose: ActivationPurpose
  activationToken: string
}

/** Where an invitation (create) or reset link leads: choose a password, then sign in with it. */
function SetPasswordPage({ purpose, activationToken }: SetPasswordPageProps) {
  const { api } = useServices()
  const linkQuery = useQuery(activationLinkQueryOptions(api, activationToken))
  const link = linkQuery.data

  return (
    <AuthLayout>
      <LinkTokenGuard />
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="h2">
            {purpose === 'ACTIVATE' ? (
              <Trans>Create your password</Trans>
            ) : (
              <Trans>Reset your password</Trans>
            )}
          </Title>
          {link?.state === 'valid' ? (
            <Text c="dimmed">
              {purpose === 'ACTIVATE' ? (
                <Trans>Choose a password to finish setting up your account.</Trans>
              ) : (
                <Trans>Choose a new password for your account.</Trans>
              )}
            </Text>
          ) : null}
        </Stack>
        <PageData query={linkQuery}>
          {(link) =>
            link.state === 'valid' ? (
              <SetPasswordForm purpose={purpose} activationToken={activationToken} email={link.email} />
            ) : (
              <LinkProblem state={link.state} purpose={purpose} />
            )
          }
        </PageData>
      </Stack>
    </AuthLayout>
  )
}

function LinkProblem({ state, purpose }: { state: 'invalid' | 'expired'; purpose: ActivationPurpose }) {
  return (
    <Stack gap="lg">
      <Alert
        variant="light"
        color={state === 'expired' ? 'orange' : 'red'}
        icon={state === 'expired' ? <IconClockX aria-hidden="true" /> : <IconLinkOff aria-hidden="true" />}
      >
        <Text size="sm">
          {state === 'invalid' ? (
            <Trans>This link is not valid.</Trans>
          ) : purpose === 'ACTIVATE' ? (
            <Trans>This link has expired. Ask your administrator for a new invitation.</Trans>
          ) : (
            <Trans>This link has expired. Request a new password reset link.</Trans>
          )}
        </Text>
      </Alert>
      <Button component={Link} to="/login" size="md" fullWidth>
        <Trans>Go to sign in</Trans>
      </Button>
    </Stack>
  )
}

interface SetPasswordFormProps {
  purpose: ActivationPurpose
  activationToken: string
  email: string
}

function SetPasswordForm({ purpose, activationToken, email }: SetPasswordFormProps) {
  const { api, alerts } = useServices()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { t, i18n } = useLingui()
  const setPassword = useSetPassword(activationToken)
  const identity = useMemo<PasswordIdentity>(() => ({ email, username: email }), [email])
  const { queryKey } = activationLinkQueryOptions(api, activationToken)
  const schema = useMemo(
    () => confirmedPassword(newPasswordEntries(identity, i18n), i18n._(msg`The passwords do not match.`)),
    [identity, i18n],
  )
  const form = useSchemaForm({
    initialValues: { password: '', confirmation: '' },
    schema,
    save: async ({ password }) => {
      try {
        await setPassword.mutateAsync(password)
      } catch (error) {
        // The link stopped working while the form was open: say so instead of showing the form.
        const state = linkStateOf(error)
        if (state) queryClient.setQueryData<ActivationLink>(queryKey, { state })
        throw error
      }
      alerts.show({ status: 'SUCCESS', message: t`Your password is set. Sign in with your new password.` })
      await navigate({ to: '/login', replace: true })
      queryClient.removeQueries({ queryKey })
    },
  })

  const refusal = refusalOf(form.saveError)
  const tooMany = tooManyRequests(form.saveError)

  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <TextInput label={t`Email`} value={email} readOnly autoComplete="username" />
        <NewPasswordFields form={form} identity={identity} />
        {form.saveError && !linkStateOf(form.saveError) ? (
          <Alert
            variant="light"
            color="red"
            icon={<IconAlertTriangle aria-hidden="true" />}
            title={<Trans>Your password was not saved.</Trans>}
          >
            {refusal ? (
              refusal.message
            ) : tooMany ? (
              <TooManyRequests error={tooMany} />
            ) : (
              <Trans>Something went wrong. Check your connection and try again.</Trans>
            )}
          </Alert>
        ) : null}
        <Button type="submit" size="md" fullWidth loading={form.submitting}>
          {purpose === 'ACTIVATE' ? <Trans>Create password</Trans> : <Trans>Save new password</Trans>}
        </Button>
      </Stack>
    </form>
  )
}
