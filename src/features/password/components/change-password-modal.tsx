import '../../../ui/mantine-later.css'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useMemo } from 'react'
import * as v from 'valibot'
import { PASSWORD_ERROR_CODES } from '../../../../contract/passwords'
import { useServices } from '../../../services/services-context'
import { confirmedPassword } from '../../../shared/form/confirmed-password'
import { useSchemaForm } from '../../../shared/form/use-schema-form'
import { useChangePassword } from '../api/change-password'
import { refusalOf } from '../api/refusal'
import type { PasswordIdentity } from '../password-rules'
import { NewPasswordFields, newPasswordEntries } from './new-password-fields'

interface ChangePasswordModalProps {
  opened: boolean
  onClose: () => void
}

// The portal token names the user by id only; the server checks the rules about the email and username.
const UNKNOWN_IDENTITY: PasswordIdentity = {}

/** A signed-in user changes their own password (needs w:user.password). */
export function ChangePasswordModal({ opened, onClose }: ChangePasswordModalProps) {
  const { t } = useLingui()
  return (
    <Modal opened={opened} onClose={onClose} title={t`Change password`} centered size="md">
      {/* Mounted only while open, so every opening starts with empty fields. */}
      {opened ? <ChangePasswordForm onDone={onClose} /> : null}
    </Modal>
  )
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { alerts } = useServices()
  const { t, i18n } = useLingui()
  const change = useChangePassword()
  const schema = useMemo(
    () =>
      v.intersect([
        v.object({
          currentPassword: v.pipe(v.string(), v.nonEmpty(i18n._(msg`Enter your current password.`))),
        }),
        confirmedPassword(
          newPasswordEntries(UNKNOWN_IDENTITY, i18n),
          i18n._(msg`The passwords do not match.`),
        ),
      ]),
    [i18n],
  )
  const form = useSchemaForm({
    initialValues: { currentPassword: '', password: '', confirmation: '' },
    schema,
    save: async ({ currentPassword, password }) => {
      try {
        await change.mutateAsync({ currentPassword, newPassword: password })
      } catch (error) {
        if (refusalOf(error)?.code === PASSWORD_ERROR_CODES.wrongCurrent) {
          // Shown on the field until the next change of the input.
          form.mantine.setFieldError('currentPassword', t`Your current password is not correct.`)
          form.mantine.getInputNode('currentPassword')?.focus()
        }
        throw error
      }
      alerts.show({ status: 'SUCCESS', message: t`Your password was changed.` })
      onDone()
    },
  })

  const refusal = refusalOf(form.saveError)
  const wrongCurrent = refusal?.code === PASSWORD_ERROR_CODES.wrongCurrent

  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={t`Current password`}
          autoComplete="current-password"
          {...form.field('currentPassword', { withFocus: false })}
          data-autofocus
        />
        <NewPasswordFields form={form} identity={UNKNOWN_IDENTITY} />
        {form.saveError && !wrongCurrent ? (
          <Alert
            variant="light"
            color="red"
            icon={<IconAlertTriangle aria-hidden="true" />}
            title={<Trans>Your password was not changed.</Trans>}
          >
            {refusal ? (
              refusal.message
            ) : (
              <Trans>Something went wrong. Check your connection and try again.</Trans>
            )}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={form.submitting}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={form.submitting}>
            <Trans>Change password</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
