import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Grid,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core'
import { IconArrowLeft, IconClockX, IconEdit, IconLock, IconSend } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, Navigate } from '@tanstack/react-router'
import { type ReactNode, useMemo, useState } from 'react'
import { ACTIVE_CART_STATUSES, type Address, type NotifyChannel } from '../../../../contract/carts'
import type { Abilities } from '../../../access/abilities'
import { isApiError } from '../../../api/api-error'
import type { Cart } from '../../../api/schemas/carts'
import { isKnown } from '../../../api/schemas/common'
import type { Merchant } from '../../../api/schemas/merchants'
import type { Program } from '../../../api/schemas/programs'
import { useServices } from '../../../services/services-context'
import { displayPhone } from '../../../shared/phone'
import { type MerchantFormat, useMerchantFormat } from '../../../shared/use-merchant-format'
import { ErrorBox } from '../../../ui/error-box'
import { knownEntry, openLabel } from '../../../ui/open-value'
import { PageHeader } from '../../../ui/page-header'
import { useUpdateCart } from '../api/cart-mutations'
import { cartQueryOptions } from '../api/cart-queries'
import { cartToDraft } from '../cart-form'
import { CART_EVENT_LABELS } from '../labels'
import { CartForm } from './cart-form'
import { CartStatusBadge } from './cart-status-badge'
import { CheckoutLink } from './checkout-link'
import { ExpireCartDialog } from './expire-cart-dialog'
import { NotifyCartDialog } from './notify-cart-dialog'

const viewRoute = getRouteApi('/_authed/_merchant/carts/$cartId')
const editRoute = getRouteApi('/_authed/_merchant/carts/$cartId_/edit')

export function CartPage() {
  const { merchant, programs, abilities } = viewRoute.useRouteContext()
  const { cartId } = viewRoute.useParams()
  const navigate = viewRoute.useNavigate()
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

/** `/carts/$cartId/edit`: the router lets only users who may edit carts in; a closed cart goes back. */
export function EditCartPage() {
  const { merchant, programs } = editRoute.useRouteContext()
  const { cartId } = editRoute.useParams()
  const navigate = editRoute.useNavigate()
  const back = () => void navigate({ to: '/carts/$cartId', params: { cartId }, replace: true })
  return (
    <LoadedCart merchant={merchant} cartId={cartId}>
      {(cart, format) =>
        isKnown(ACTIVE_CART_STATUSES, cart.status) ? (
          <EditCart cart={cart} programs={programs} format={format} onDone={back} />
        ) : (
          <Navigate to="/carts/$cartId" params={{ cartId }} replace />
        )
      }
    </LoadedCart>
  )
}

/** The cart once loaded, or its loading, not-found or failure state. */
function LoadedCart({
  merchant,
  cartId,
  children,
}: {
  merchant: Merchant
  cartId: string
  children(cart: Cart, format: MerchantFormat): ReactNode
}) {
  const { t } = useLingui()
  const { api } = useServices()
  const format = useMerchantFormat(merchant)
  const query = useQuery(cartQueryOptions(api, merchant.id, cartId))

  if (query.isError) {
    if (isApiError(query.error) && query.error.kind === 'http' && query.error.status === 404) {
      return <CartNotFound />
    }
    return (
      <>
        <PageHeader title={<Trans>Cart</Trans>} />
        <ErrorBox
          error={query.error}
          onRetry={async () => {
            await query.refetch()
          }}
        />
      </>
    )
  }
  if (!query.data) {
    return (
      <>
        <PageHeader title={<Trans>Cart</Trans>} />
        <Group justify="center" py="xl">
          <Loader aria-label={t`Loading the cart`} />
        </Group>
      </>
    )
  }
  return children(query.data, format)
}

function CartNotFound() {
  return (
    <>
      <PageHeader title={<Trans>Cart not found</Trans>} />
      <Paper withBorder radius="md" p="xl">
        <Stack gap="sm" align="flex-start">
          <Text>
            <Trans>
              There is no cart at this address for this merchant. It may belong to another merchant.
            </Trans>
          </Text>
          <Anchor component={Link} to="/carts">
            <Trans>Back to carts</Trans>
          </Anchor>
        </Stack>
      </Paper>
    </>
  )
}

function EditCart({
  cart,
  programs,
  format,
  onDone,
}: {
  cart: Cart
  programs: readonly Program[]
  format: MerchantFormat
  onDone(): void
}) {
  const { t } = useLingui()
  const { alerts } = useServices()
  const update = useUpdateCart(cart.merchantID, cart.id)
  const ecommerce = useMemo(() => programs.filter((program) => program.channel === 'ECOMM'), [programs])
  const initial = useMemo(() => cartToDraft(cart), [cart])
  const reference = cart.reference
  return (
    <>
      <PageHeader
        title={<Trans>Edit cart {reference}</Trans>}
        description={<Trans>The customer sees the changes the next time they open the link.</Trans>}
      />
      <CartForm
        merchantId={cart.merchantID}
        programs={ecommerce}
        initial={initial}
        draftKey={`cart:edit:${cart.id}`}
        format={format}
        submitLabel={<Trans>Save changes</Trans>}
        onSubmit={async (input) => {
          const saved = await update.mutateAsync(input)
          alerts.show({ status: 'SUCCESS', message: t`Cart ${reference} saved.` })
          onDone()
          return saved
        }}
        onCancel={onDone}
      />
    </>
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
  const { t, i18n } = useLingui()
  const [dialog, setDialog] = useState<'notify' | 'expire' | null>(null)
  const reference = cart.reference
  const sent = cart.history.some((event) => event.type === 'SENT')
  const program = programs.find((candidate) => candidate.id === cart.programID)
  // A status the portal does not know counts as closed: it offers nothing to do.
  const closed = !isKnown(ACTIVE_CART_STATUSES, cart.status)
  const can = (ability: keyof typeof abilities) => abilities[ability] && !closed
  const offersActions = can('cartNotify') || can('cartEdit') || can('cartExpire')
  const sameAddress = JSON.stringify(cart.billingAddress) === JSON.stringify(cart.shippingAddress)
  const channelNames: Record<NotifyChannel, string> = { EMAIL: t`email`, SMS: t`text message` }

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
              <Section title={<Trans>Items</Trans>}>
                {/* A phone gets a list: each item with its price on one line, nothing to scroll sideways. */}
                <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {cart.items.map((item, index) => {
                    const quantity = item.quantity
                    const price = format.money(item.unitPrice)
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a saved cart's rows never move, and two rows may be alike
                      <li key={index}>
                        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                          <div>
                            <Text size="sm">{item.name}</Text>
                            <Text size="xs" c="dimmed">
                              {item.sku ? `${item.sku} · ` : ''}
                              {t`${quantity} × ${price}`}
                            </Text>
                          </div>
                          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                            {format.money(item.unitPrice * item.quantity)}
                          </Text>
                        </Group>
                      </li>
                    )
                  })}
                </Stack>
                <Table.ScrollContainer
                  minWidth={520}
                  type="native"
                  pos="relative"
                  visibleFrom="sm"
                  tabIndex={0}
                  role="region"
                  aria-label={t`Items`}
                >
                  <Table verticalSpacing="xs">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t`Item`}</Table.Th>
                        <Table.Th>{t`SKU`}</Table.Th>
                        <Table.Th style={{ textAlign: 'right' }}>{t`Quantity`}</Table.Th>
                        <Table.Th style={{ textAlign: 'right' }}>{t`Unit price`}</Table.Th>
                        <Table.Th style={{ textAlign: 'right' }}>{t`Amount`}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {cart.items.map((item, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a saved cart's rows never move, and two rows may be alike
                        <Table.Tr key={index}>
                          <Table.Td>{item.name}</Table.Td>
                          <Table.Td ff="monospace" fz="sm">
                            {item.sku ?? '—'}
                          </Table.Td>
                          <Table.Td style={{ textAlign: 'right' }}>{item.quantity}</Table.Td>
                          <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                            {format.money(item.unitPrice)}
                          </Table.Td>
                          <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                            {format.money(item.unitPrice * item.quantity)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Stack gap={2} maw={360} ml="auto" mt="md">
                  <Line label={<Trans>Subtotal</Trans>} value={format.money(cart.totals.subtotal)} />
                  {cart.discounts.map((discount, index) => (
                    <Line
                      // biome-ignore lint/suspicious/noArrayIndexKey: a saved cart's rows never move, and two rows may be alike
                      key={index}
                      label={discount.description}
                      value={`−${format.money(discount.amount)}`}
                    />
                  ))}
                  <Line label={<Trans>Shipping</Trans>} value={format.money(cart.totals.shipping)} />
                  <Line label={<Trans>Tax</Trans>} value={format.money(cart.totals.tax)} />
                  <Divider my={4} />
                  <Line label={<Trans>Total</Trans>} value={format.money(cart.totals.total)} strong />
                </Stack>
              </Section>

              <Section title={<Trans>Customer</Trans>}>
                <SimpleGrid cols={{ base: 1, sm: sameAddress ? 2 : 3 }} spacing="md">
                  <Fact label={<Trans>Contact</Trans>}>
                    <Text size="sm">{cart.customer.name}</Text>
                    <Text size="sm">{cart.customer.email}</Text>
                    <Text size="sm">
                      {cart.customer.phone ? displayPhone(cart.customer.phone) : t`No phone`}
                    </Text>
                  </Fact>
                  <Fact
                    label={
                      sameAddress ? (
                        <Trans>Billing and shipping address</Trans>
                      ) : (
                        <Trans>Billing address</Trans>
                      )
                    }
                  >
                    <AddressLines address={cart.billingAddress} />
                  </Fact>
                  {sameAddress ? null : (
                    <Fact label={<Trans>Shipping address</Trans>}>
                      <AddressLines address={cart.shippingAddress} />
                    </Fact>
                  )}
                </SimpleGrid>
                <Fact label={<Trans>Program</Trans>} mt="md">
                  <Text size="sm">{program?.name ?? t`Other program`}</Text>
                </Fact>
              </Section>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="lg">
              {closed ? null : (
                <Section title={<Trans>Checkout link</Trans>}>
                  <CheckoutLink url={cart.checkoutUrl} />
                </Section>
              )}
              <Section title={<Trans>History</Trans>}>
                <Timeline active={cart.history.length - 1} bulletSize={14} lineWidth={2}>
                  {[...cart.history].reverse().map((event) => {
                    const channels = (event.channels ?? [])
                      .map((channel) => knownEntry(channelNames, channel) ?? channel)
                      .join(', ')
                    const actor =
                      event.actor === 'customer'
                        ? t`the customer`
                        : event.actor === 'platform'
                          ? t`automatically`
                          : event.actor
                    return (
                      <Timeline.Item
                        key={`${event.type}-${event.at.getTime()}`}
                        title={
                          <Text size="sm" fw={600} component="span">
                            {openLabel(i18n, CART_EVENT_LABELS, event.type)}
                          </Text>
                        }
                      >
                        <Text size="xs" c="dimmed">
                          {format.dateTime(event.at)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {channels ? t`By ${actor}, by ${channels}` : t`By ${actor}`}
                        </Text>
                      </Timeline.Item>
                    )
                  })}
                </Timeline>
              </Section>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>

      {dialog === 'notify' ? <NotifyCartDialog cart={cart} onClose={() => setDialog(null)} /> : null}
      {dialog === 'expire' ? <ExpireCartDialog cart={cart} onClose={() => setDialog(null)} /> : null}
    </>
  )
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  )
}

function Fact({ label, children, mt }: { label: ReactNode; children: ReactNode; mt?: 'md' }) {
  return (
    <Stack gap={4} mt={mt}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      {children}
    </Stack>
  )
}

function Line({ label, value, strong }: { label: ReactNode; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text
        size="sm"
        fw={strong ? 700 : 500}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
    </Group>
  )
}

function AddressLines({ address }: { address: Address }) {
  return (
    <Text size="sm" component="address" style={{ fontStyle: 'normal' }}>
      {address.line1}
      <br />
      {address.line2 ? (
        <>
          {address.line2}
          <br />
        </>
      ) : null}
      {address.city}, {address.region} {address.postalCode}
    </Text>
  )
}
