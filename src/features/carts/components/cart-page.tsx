import '../../../ui/mantine-later.css'
import { Trans } from '@lingui/react/macro'
import { Alert, Anchor, Button, Grid, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconArrowLeft, IconClockX, IconEdit, IconLock, IconSend } from '@tabler/icons-react'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { ACTIVE_CART_STATUSES } from '../../../../contract/carts'
import type { Abilities } from '../../../access/abilities'
import type { Cart } from '../../../api/schemas/carts'
import { isKnown } from '../../../api/schemas/common'
import type { Program } from '../../../api/schemas/programs'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { PageHeader } from '../../../ui/page-header'
import { CartCustomer, CartHistory, CartItems, Fact } from './cart-sections'
import { CartStatusBadge } from './cart-status-badge'
import { CheckoutLink } from './checkout-link'
import { ExpireCartDialog } from './expire-cart-dialog'
import { LoadedCart } from './loaded-cart'
import { NotifyCartDialog } from './notify-cart-dialog'
import { Section } from './section'

const route = getRouteApi('/_authed/_merchant/carts/$cartId')

export function CartPage() {
  const { merchant, programs, abilities } = route.useRouteContext()
  const { cartId } = route.useParams()
  const navigate = route.useNavigate()
  return (
    <LoadedCart merchant={merchant} cartId={cartId}>
      {(cart, format) => (
        <CartDetails
          cart={cart}
          programs={programs}
          format={format}
          abilities={abilities}
          onEdit={() => void navigate({ to: '/carts/$cartId/edit', params: { cartId } })}
        />
      )}
    </LoadedCart>
  )
}

function CartDetails({
  cart,
  programs,
  format,
  abilities,
  onEdit,
}: {
  cart: Cart
  programs: readonly Program[]
  format: MerchantFormat
  abilities: Pick<Abilities, 'cartEdit' | 'cartNotify' | 'cartExpire'>
  onEdit(): void
}) {
  const [dialog, setDialog] = useState<'notify' | 'expire' | null>(null)
  const reference = cart.reference
  const sent = cart.history.some((event) => event.type === 'SENT')
  const program = programs.find((candidate) => candidate.id === cart.programID)
  // A status the portal does not know counts as closed: it offers nothing to do.
  const closed = !isKnown(ACTIVE_CART_STATUSES, cart.status)
  const can = (ability: keyof typeof abilities) => abilities[ability] && !closed
  const offersActions = can('cartNotify') || can('cartEdit') || can('cartExpire')

  return (
    <>
      <PageHeader
        title={<Trans>Cart {reference}</Trans>}
        description={
          <Anchor component={Link} to="/carts" size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              <IconArrowLeft size={14} aria-hidden="true" />
              <Trans>All carts</Trans>
            </Group>
          </Anchor>
        }
        actions={
          offersActions ? (
            <>
              {can('cartNotify') ? (
                <Button
                  leftSection={<IconSend size={16} aria-hidden="true" />}
                  onClick={() => setDialog('notify')}
                >
                  {sent ? <Trans>Send again</Trans> : <Trans>Send link</Trans>}
                </Button>
              ) : null}
              {can('cartEdit') ? (
                <Button
                  variant="default"
                  leftSection={<IconEdit size={16} aria-hidden="true" />}
                  onClick={onEdit}
                >
                  <Trans>Edit</Trans>
                </Button>
              ) : null}
              {can('cartExpire') ? (
                <Button
                  variant="outline"
                  color="red.9"
                  leftSection={<IconClockX size={16} aria-hidden="true" />}
                  onClick={() => setDialog('expire')}
                >
                  <Trans>Expire</Trans>
                </Button>
              ) : null}
            </>
          ) : null
        }
      />

      <Stack gap="lg">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Fact label={<Trans>Status</Trans>}>
              <CartStatusBadge status={cart.status} size="lg" />
            </Fact>
            <Fact label={<Trans>Total</Trans>}>
              <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {format.money(cart.totals.total)}
              </Text>
            </Fact>
            <Fact label={<Trans>Created</Trans>}>
              <Text size="sm">{format.dateTime(cart.createdAt)}</Text>
            </Fact>
            <Fact label={closed ? <Trans>Closed</Trans> : <Trans>Link valid until</Trans>}>
              <Text size="sm">{format.dateTime(closed ? cart.updatedAt : cart.expiresAt)}</Text>
            </Fact>
          </SimpleGrid>
        </Paper>

        {closed ? (
          <Alert color="gray" variant="light" icon={<IconLock aria-hidden="true" />}>
            {cart.status === 'COMPLETED' ? (
              <Trans>
                The customer completed checkout. This cart stays in your history and can no longer be changed.
              </Trans>
            ) : (
              <Trans>
                This cart has expired: its link no longer works. It stays in your history, read-only.
              </Trans>
            )}
          </Alert>
        ) : null}

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <CartItems cart={cart} format={format} />

              <CartCustomer cart={cart} program={program} />
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              {closed ? null : (
                <Section title={<Trans>Checkout link</Trans>}>
                  <CheckoutLink url={cart.checkoutUrl} />
                </Section>
              )}
              <CartHistory cart={cart} format={format} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>

      {dialog === 'notify' ? <NotifyCartDialog cart={cart} onClose={() => setDialog(null)} /> : null}
      {dialog === 'expire' ? <ExpireCartDialog cart={cart} onClose={() => setDialog(null)} /> : null}
    </>
  )
}
