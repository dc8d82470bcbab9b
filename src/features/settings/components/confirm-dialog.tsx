import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Modal, Stack } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { saveErrorMessage } from '../form/save-error'

interface ConfirmDialogProps {
  opened: boolean
  title: string
  children: ReactNode
  confirmLabel: ReactNode
  /** Red for what removes or exposes something. */
  danger?: boolean
  pending: boolean
  /** The last attempt's failure; the dialog stays open so the user can retry or cancel. */
  error: unknown
  onConfirm: () => void
  onCancel: () => void
}

/** Asks before an action that takes effect at once (enrolling, removing), and shows why it failed. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  danger = false,
  pending,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { i18n } = useLingui()
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="lg">
        {children}
        {error ? (
          <Alert variant="light" color="red" icon={<IconAlertTriangle aria-hidden="true" />}>
            {saveErrorMessage(error, i18n)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending} data-autofocus>
            <Trans>Cancel</Trans>
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
