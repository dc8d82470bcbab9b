import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useAlerts } from '../../../alerts/alert-host'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { useDisputeAnswer } from '../api/dispute-actions'
import { disputeRefusalText, outcomeUnknown } from './dispute-refusal'

interface AcceptDisputeDialogProps {
  merchantId: string
  id: string
  /** The disputed amount, in cents. */
  amount: number
  format: MerchantFormat
  onClose(): void
}

/** Confirms accepting a dispute: it refunds the disputed amount, for good. */
export function AcceptDisputeDialog({ merchantId, id, amount, format, onClose }: AcceptDisputeDialogProps) {
  const { t, i18n } = useLingui()
  const alerts = useAlerts()
  const mutation = useDisputeAnswer(merchantId, id)
  const money = format.money(amount)

  const accept = () => {
    if (mutation.isPending) return
    mutation.mutate(
      { action: 'accept', body: {} },
      {
        onSuccess: () => {
          alerts.show({
            status: 'SUCCESS',
            message: t`Accepted the dispute on ${id}: ${money} is being refunded to the customer.`,
          })
          onClose()
        },
      },
    )
  }

  return (
    <Modal opened onClose={onClose} title={t`Accept the dispute on ${id}`} centered size="md">
      <Stack gap="md">
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle aria-hidden="true" />}
          title={t`This cannot be undone`}
        >
          <Trans>
            Accepting refunds the disputed amount of {money} to the customer and closes the dispute. You
            cannot challenge it afterwards.
          </Trans>
        </Alert>
        {mutation.isError ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={
              outcomeUnknown(mutation.error)
                ? t`This action may not have gone through`
                : t`The platform refused this action`
            }
          >
            <Text size="sm">{disputeRefusalText(i18n, mutation.error)}</Text>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            <Trans>Go back</Trans>
          </Button>
          <Button color="red.8" loading={mutation.isPending} onClick={accept}>
            <Trans>Accept and refund {money}</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
