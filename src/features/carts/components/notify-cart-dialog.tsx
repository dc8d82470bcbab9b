import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { NOTIFY_CHANNELS, type NotifyChannel } from '../../../../contract/carts'
import { isApiError } from '../../../api/api-error'
import type { Cart } from '../../../api/schemas/carts'
import { useServices } from '../../../services/services-context'
import { displayPhone } from '../../../shared/phone'
import { useNotifyCart } from '../api/cart-mutations'

/** Sends the cart's link by email and/or text message; a cart already sent gets it again. */
export function NotifyCartDialog({ cart, onClose }: { cart: Cart; onClose(): void }) {
  const { t } = useLingui()
  const { alerts } = useServices()
  const notify = useNotifyCart(cart.merchantID, cart.id)
  const { email, phone } = cart.customer
  const [channels, setChannels] = useState<NotifyChannel[]>(['EMAIL'])
  const [tried, setTried] = useState(false)
  const resend = cart.history.some((event) => event.type === 'SENT')
  const reference = cart.reference
  const phoneText = phone ? displayPhone(phone) : ''

  function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    if (channels.length === 0 || notify.isPending) return
    notify.mutate(
      { channels },
      {
        onSuccess: () => {
          const where = channels.map((channel) => (channel === 'EMAIL' ? email : phoneText)).join(', ')
          alerts.show({ status: 'SUCCESS', message: t`Link to cart ${reference} sent to ${where}.` })
          onClose()
        },
      },
    )
  }

  const refusal = notify.error
  return (
    <Modal
      opened
      onClose={onClose}
      title={resend ? t`Send the link again` : t`Send the cart link`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Checkbox.Group
            label={t`Send by`}
            description={t`The customer gets a link to review the cart and check out with financing.`}
            value={channels}
            onChange={(values) => setChannels(NOTIFY_CHANNELS.filter((channel) => values.includes(channel)))}
            error={tried && channels.length === 0 ? t`Choose email, text message or both.` : null}
          >
            <Stack gap="xs" mt="xs">
              <Checkbox value="EMAIL" label={t`Email to ${email}`} />
              <Checkbox
                value="SMS"
                label={phone ? t`Text message to ${phoneText}` : t`Text message`}
                description={
                  phone ? undefined : t`This cart has no mobile phone number. Edit the cart to add one.`
                }
                disabled={!phone}
              />
            </Stack>
          </Checkbox.Group>
          {refusal ? (
            <Alert color="red" variant="light" role="alert" title={t`The link was not sent`}>
              <Text size="sm">
                {isApiError(refusal) && refusal.serverError
                  ? refusal.serverError.message
                  : t`The platform could not send the link. Try again.`}
              </Text>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={notify.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={notify.isPending}>
              {resend ? <Trans>Send again</Trans> : <Trans>Send link</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
