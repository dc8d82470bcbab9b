import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { type FormEvent, useRef, useState } from 'react'
import { PASSWORD_ERROR_CODES } from '../../../api/schemas/passwords'
import { useServices } from '../../../services/services-context'
import { useChangePassword } from '../api/change-password'
import { refusalOf } from '../api/refusal'
import type { PasswordIdentity } from '../password-rules'
import { checkNewPassword, NewPasswordFields } from './new-password-fields'

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
  const { t } = useLingui()
  const change = useChangePassword()
  const [currentPassword, setCurrentPassword] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [attempted, setAttempted] = useState(false)
  const currentRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)
  const confirmationRef = useRef<HTMLInputElement>(null)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setAttempted(true)
    change.reset()
    const check = checkNewPassword(newPassword, confirmation, UNKNOWN_IDENTITY)
    const invalid =
      currentPassword === ''
        ? currentRef
        : !check.rulesMet
          ? passwordRef
          : !check.acceptable
            ? confirmationRef
            : null
    if (invalid) {
      invalid.current?.focus()
      return
    }
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          alerts.show({ status: 'SUCCESS', message: t`Your password was changed.` })
          onDone()
        },
        onError: (error) => {
          if (refusalOf(error)?.code === PASSWORD_ERROR_CODES.wrongCurrent) currentRef.current?.focus()
        },
      },
    )
  }

  const refusal = refusalOf(change.error)
  const wrongCurrent = refusal?.code === PASSWORD_ERROR_CODES.wrongCurrent
  const currentError =
    attempted && currentPassword === ''
      ? t`Enter your current password.`
      : wrongCurrent
        ? t`Your current password is not correct.`
        : undefined

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          ref={currentRef}
          label={t`Current password`}
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => {
            setCurrentPassword(event.currentTarget.value)
            if (wrongCurrent) change.reset()
          }}
          error={currentError}
          data-autofocus
        />
        <NewPasswordFields
          password={newPassword}
          confirmation={confirmation}
          onPasswordChange={setNewPassword}
          onConfirmationChange={setConfirmation}
          identity={UNKNOWN_IDENTITY}
          attempted={attempted}
          passwordRef={passwordRef}
          confirmationRef={confirmationRef}
        />
        {change.isError && !wrongCurrent ? (
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
          <Button variant="default" onClick={onDone} disabled={change.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={change.isPending}>
            <Trans>Change password</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
