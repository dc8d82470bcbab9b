import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { isApiError } from '../../../api/api-error'
import type { Cart } from '../../../api/schemas/carts'
import { useServices } from '../../../services/services-context'
import { useExpireCart } from '../api/cart-mutations'

/** Asks before expiring: the customer's link stops working for good. */
export function ExpireCartDialog({ cart, onClose }: { cart: Cart; onClose(): void }) {
  const { t } = useLingui()
  const { alerts } = useServices()
  const expire = useExpireCart(cart.merchantID, cart.id)
  const reference = cart.reference
  const refusal = expire.error
  return (
    <Modal
      opened
      onClose={onClose}
      title={t`Expire cart ${reference}?`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="md">
        <Text size="sm">
          <Trans>
            The customer will no longer be able to check out with this cart’s link. The cart stays in your
            history, read-only. This cannot be undone.
          </Trans>
        </Text>
        {refusal ? (
          <Alert color="red" variant="light" role="alert" title={t`The cart was not expired`}>
            {isApiError(refusal) && refusal.serverError
              ? refusal.serverError.message
              : t`The platform could not expire this cart. Try again.`}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={expire.isPending} data-autofocus>
            <Trans>Keep cart</Trans>
          </Button>
          <Button
            color="red.8"
            loading={expire.isPending}
            onClick={() =>
              expire.mutate(undefined, {
                onSuccess: () => {
                  alerts.show({ status: 'SUCCESS', message: t`Cart ${reference} expired.` })
                  onClose()
                },
              })
            }
          >
            <Trans>Expire cart</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
