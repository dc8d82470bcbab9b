import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import type { ReactNode } from 'react'
import * as v from 'valibot'
import { ACCESS_LEVELS, type AccessLevel, USER_ERROR_CODES } from '../../../../contract/users'
import { isApiError } from '../../../api/api-error'
import type { MerchantUser } from '../../../api/schemas/users'
import { useServices } from '../../../services/services-context'
import { useDraft } from '../../../shared/form/use-draft'
import { useSchemaForm } from '../../../shared/form/use-schema-form'
import { useUserAction } from '../api/user-queries'
import { type InviteDraft, type InviteFieldError, inviteDraftSchema, inviteDraftShape } from '../invite-form'
import { ACCESS_LEVEL_LABELS } from '../labels'
import { AccessLevelChoice, Refusal } from './user-dialog-parts'

/** What was typed stays readable in an invalid field; the red border and the message mark the error. */
const INPUT_STYLES = { input: { color: 'var(--mantine-color-text)' } } as const

const EMPTY_INVITE: InviteDraft = { email: '', name: '', accessLevel: 'READ' }

export function InviteUserModal({
  merchantId,
  levels,
  onClose,
}: {
  merchantId: string
  levels: readonly AccessLevel[]
  onClose(): void
}) {
  const { t } = useLingui()
  const { alerts } = useServices()
  const action = useUserAction(merchantId)
  const form = useSchemaForm({
    initialValues: EMPTY_INVITE,
    schema: inviteDraftSchema,
    save: (request) =>
      action.mutateAsync(
        { kind: 'invite', request },
        {
          onSuccess: () => {
            const email = request.email
            alerts.show({ status: 'SUCCESS', message: t`Invitation sent to ${email}.` })
            onClose()
          },
        },
      ),
  })
  const draft = useDraft(form, { key: 'users:invite', schema: inviteDraftShape })
  const exists =
    isApiError(action.error) &&
    action.error.serverError?.code === USER_ERROR_CODES.exists &&
    !action.isPending

  const errorText = (code: string | undefined): string | null => {
    switch (code as InviteFieldError | undefined) {
      case 'required':
        return t`Required.`
      case 'email':
        return t`Enter an email address such as name@example.com.`
      case 'tooLong':
        return t`Too long.`
      case undefined:
        return null
    }
  }
  const emailProps = form.field('email')

  return (
    <Modal
      opened
      onClose={onClose}
      title={t`Invite a user`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form ref={form.formRef} onSubmit={form.submit} noValidate>
        <Stack gap="md">
          {draft}
          <Text size="sm" c="dimmed">
            <Trans>They get an email with a link to create their password. The link works for 7 days.</Trans>
          </Text>
          <TextInput
            label={t`Email`}
            type="email"
            required
            data-autofocus
            autoComplete="off"
            {...emailProps}
            error={
              exists
                ? t`This email already has access. Find it in the list instead.`
                : errorText(form.errorOf('email'))
            }
            styles={INPUT_STYLES}
            onChange={(event) => {
              if (exists) action.reset()
              emailProps.onChange(event)
            }}
          />
          <TextInput
            label={t`Name (optional)`}
            autoComplete="off"
            {...form.field('name')}
            error={errorText(form.errorOf('name'))}
            styles={INPUT_STYLES}
          />
          <AccessLevelChoice
            value={form.values.accessLevel}
            levels={levels}
            onChange={(accessLevel) => form.set('accessLevel', accessLevel)}
          />
          {exists ? null : <Refusal error={action.error} title={t`The invitation was not sent`} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={form.submitting}>
              <Trans>Send invitation</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

const accessLevelSchema = v.object({ accessLevel: v.picklist(ACCESS_LEVELS) })
const accessLevelDraftShape = v.strictObject({ accessLevel: v.picklist(ACCESS_LEVELS) })

export function AccessLevelModal({
  user,
  levels,
  onClose,
}: {
  user: MerchantUser
  levels: readonly AccessLevel[]
  onClose(): void
}) {
  const { t, i18n } = useLingui()
  const { alerts } = useServices()
  const action = useUserAction(user.merchantID)
  const who = user.name ?? user.email
  const form = useSchemaForm({
    initialValues: { accessLevel: user.accessLevel },
    schema: accessLevelSchema,
    save: ({ accessLevel }) =>
      action.mutateAsync(
        { kind: 'access', id: user.id, accessLevel },
        {
          onSuccess: () => {
            const label = i18n._(ACCESS_LEVEL_LABELS[accessLevel])
            alerts.show({ status: 'SUCCESS', message: t`${who} now has ${label} access.` })
            onClose()
          },
        },
      ),
  })
  const draft = useDraft(form, { key: `users:access:${user.id}`, schema: accessLevelDraftShape })
  return (
    <Modal
      opened
      onClose={onClose}
      title={t`Access level of ${who}`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form ref={form.formRef} onSubmit={form.submit} noValidate>
        <Stack gap="md">
          {draft}
          <AccessLevelChoice
            value={form.values.accessLevel}
            levels={levels}
            onChange={(accessLevel) => form.set('accessLevel', accessLevel)}
          />
          <Refusal error={action.error} title={t`The access level was not changed`} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={form.submitting} disabled={!form.dirty}>
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
