import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import type { AccessKey } from '../../../api/schemas/settings'
import { useServices } from '../../../services/services-context'
import { useRevokeKey } from './access-keys-api'
import { keyErrorMessage } from './key-errors'

interface RevokeKeyDialogProps {
  merchantId: string
  accessKey: AccessKey
  onClose: () => void
}

/**
 * Shuts a key off for good, once its exact name is typed. Not a step-up action: a leaked key can be
 * revoked from any session that may manage keys.
 */
export function RevokeKeyDialog({ merchantId, accessKey, onClose }: RevokeKeyDialogProps) {
  const { t, i18n } = useLingui()
  const { alerts } = useServices()
  const [typed, setTyped] = useState('')
  const [failure, setFailure] = useState<unknown>(null)
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const revoke = useRevokeKey(merchantId, accessKey.id)
  const name = accessKey.name
  const matches = typed === name

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!matches) return
    setFailure(null)
    try {
      await revoke.mutateAsync({ input: typed, idempotencyKey })
      alerts.show({
        status: 'SUCCESS',
        message: t`The key ${name} was revoked. Calls made with it are refused.`,
      })
      onClose()
    } catch (error) {
      setFailure(error)
    }
  }

  return (
    <Modal opened onClose={onClose} title={t`Revoke ${name}?`} centered>
      <form onSubmit={submit} noValidate aria-label={t`Revoke ${name}?`}>
        <Stack gap="md">
          <Alert variant="light" color="red" role="note" icon={<IconAlertTriangle aria-hidden="true" />}>
            <Trans>
              Every call made with this key is refused from now on, and this cannot be undone. Systems still
              using it stop working.
            </Trans>
          </Alert>
          <TextInput
            label={t`Type the key’s name to confirm`}
            description={
              <Text span size="xs">
                <Trans>
                  Type <strong>{name}</strong> exactly.
                </Trans>
              </Text>
            }
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          {failure ? (
            <Alert variant="light" color="red" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
              {keyErrorMessage(failure, i18n)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={revoke.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={revoke.isPending}>
              <Trans>Revoke key</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
