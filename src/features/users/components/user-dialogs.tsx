import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { type FormEvent, type ReactNode, useState } from 'react'
import { ACCESS_LEVELS, type AccessLevel } from '../../../access/scopes'
import { isApiError } from '../../../api/api-error'
import { type MerchantUser, USER_ERROR_CODES } from '../../../api/schemas/users'
import { useServices } from '../../../services/services-context'
import { useUserAction } from '../api/user-queries'
import { checkInvite, type InviteDraft, type InviteFieldError } from '../invite-form'
import { ACCESS_LEVEL_DESCRIPTIONS, ACCESS_LEVEL_LABELS } from '../labels'

/** The theme's default error red is too light for small text; red.9 reads at 4.5:1 and more. */
const ERROR_PROPS = { c: 'red.9' } as const
/** What was typed stays readable in an invalid field; the red border and the message mark the error. */
const INPUT_STYLES = { input: { color: 'var(--mantine-color-text)' } } as const

function Refusal({ error, title }: { error: unknown; title: string }) {
  const { t } = useLingui()
  if (!error) return null
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle aria-hidden="true" />}
      title={title}
    >
      {isApiError(error) && error.serverError
        ? error.serverError.message
        : t`The platform could not complete this. Try again.`}
    </Alert>
  )
}

function AccessLevelChoice({ value, onChange }: { value: AccessLevel; onChange(value: AccessLevel): void }) {
  const { t, i18n } = useLingui()
  return (
    <Radio.Group
      label={t`Access level`}
      value={value}
      onChange={(next) => {
        const level = ACCESS_LEVELS.find((candidate) => candidate === next)
        if (level) onChange(level)
      }}
    >
      <Stack gap="sm" mt="xs">
        {ACCESS_LEVELS.map((level) => (
          <Radio
            key={level}
            value={level}
            label={i18n._(ACCESS_LEVEL_LABELS[level])}
            description={i18n._(ACCESS_LEVEL_DESCRIPTIONS[level])}
          />
        ))}
      </Stack>
    </Radio.Group>
  )
}

export function InviteUserModal({ merchantId, onClose }: { merchantId: string; onClose(): void }) {
  const { t } = useLingui()
  const { alerts } = useServices()
  const action = useUserAction(merchantId)
  const [draft, setDraft] = useState<InviteDraft>({ email: '', name: '', accessLevel: 'READ' })
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const [submitted, setSubmitted] = useState(false)
  const check = checkInvite(draft)
  const exists =
    isApiError(action.error) &&
    action.error.serverError?.code === USER_ERROR_CODES.exists &&
    !action.isPending

  const errorText = (code: InviteFieldError) =>
    code === 'required'
      ? t`Required.`
      : code === 'email'
        ? t`Enter an email address such as name@example.com.`
        : t`Too long.`
  const shown = (key: 'email' | 'name') => {
    const code = check.errors[key]
    return code && (submitted || touched.has(key)) ? errorText(code) : null
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    if (!check.request || action.isPending) return
    const email = check.request.email
    action.mutate(
      { kind: 'invite', request: check.request },
      {
        onSuccess: () => {
          alerts.show({ status: 'SUCCESS', message: t`Invitation sent to ${email}.` })
          onClose()
        },
      },
    )
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={t`Invite a user`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            <Trans>They get an email with a link to create their password. The link works for 7 days.</Trans>
          </Text>
          <TextInput
            label={t`Email`}
            type="email"
            required
            data-autofocus
            autoComplete="off"
            value={draft.email}
            error={exists ? t`This email already has access. Find it in the list instead.` : shown('email')}
            errorProps={ERROR_PROPS}
            styles={INPUT_STYLES}
            onBlur={() => setTouched((previous) => new Set(previous).add('email'))}
            onChange={(event) => {
              const email = event.currentTarget.value
              if (exists) action.reset()
              setDraft((previous) => ({ ...previous, email }))
            }}
          />
          <TextInput
            label={t`Name (optional)`}
            autoComplete="off"
            value={draft.name}
            error={shown('name')}
            errorProps={ERROR_PROPS}
            styles={INPUT_STYLES}
            onBlur={() => setTouched((previous) => new Set(previous).add('name'))}
            onChange={(event) => {
              const name = event.currentTarget.value
              setDraft((previous) => ({ ...previous, name }))
            }}
          />
          <AccessLevelChoice
            value={draft.accessLevel}
            onChange={(accessLevel) => setDraft((previous) => ({ ...previous, accessLevel }))}
          />
          {exists ? null : <Refusal error={action.error} title={t`The invitation was not sent`} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={action.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={action.isPending}>
              <Trans>Send invitation</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

export function AccessLevelModal({ user, onClose }: { user: MerchantUser; onClose(): void }) {
  const { t, i18n } = useLingui()
  const { alerts } = useServices()
  const action = useUserAction(user.merchantID)
  const [level, setLevel] = useState<AccessLevel>(user.accessLevel)
  const who = user.name ?? user.email
  return (
    <Modal
      opened
      onClose={onClose}
      title={t`Access level of ${who}`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (action.isPending) return
          const label = i18n._(ACCESS_LEVEL_LABELS[level])
          action.mutate(
            { kind: 'access', id: user.id, accessLevel: level },
            {
              onSuccess: () => {
                alerts.show({ status: 'SUCCESS', message: t`${who} now has ${label} access.` })
                onClose()
              },
            },
          )
        }}
        noValidate
      >
        <Stack gap="md">
          <AccessLevelChoice value={level} onChange={setLevel} />
          <Refusal error={action.error} title={t`The access level was not changed`} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={action.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={action.isPending} disabled={level === user.accessLevel}>
              <Trans>Save access level</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

/** Deactivating or reactivating asks first: it decides whether the person can sign in. */
export function UserStatusModal({
  user,
  merchantName,
  onClose,
}: {
  user: MerchantUser
  merchantName: string
  onClose(): void
}) {
  const { t } = useLingui()
  const { alerts } = useServices()
  const action = useUserAction(user.merchantID)
  const who = user.name ?? user.email
  const deactivating = user.status !== 'DEACTIVATED'
  const body: ReactNode = deactivating ? (
    <Trans>
      {who} will no longer be able to sign in to {merchantName}. Their history stays. You can reactivate them
      later.
    </Trans>
  ) : (
    <Trans>
      {who} will be able to sign in to {merchantName} again, with the access level they had.
    </Trans>
  )
  return (
    <Modal
      opened
      onClose={onClose}
      title={deactivating ? t`Deactivate ${who}?` : t`Reactivate ${who}?`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="md">
        <Text size="sm">{body}</Text>
        <Refusal
          error={action.error}
          title={deactivating ? t`The user was not deactivated` : t`The user was not reactivated`}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={action.isPending} data-autofocus>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            color={deactivating ? 'red.8' : undefined}
            loading={action.isPending}
            onClick={() =>
              action.mutate(
                { kind: deactivating ? 'deactivate' : 'reactivate', id: user.id },
                {
                  onSuccess: () => {
                    alerts.show({
                      status: 'SUCCESS',
                      message: deactivating ? t`${who} is deactivated.` : t`${who} is active again.`,
                    })
                    onClose()
                  },
                },
              )
            }
          >
            {deactivating ? <Trans>Deactivate</Trans> : <Trans>Reactivate</Trans>}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
