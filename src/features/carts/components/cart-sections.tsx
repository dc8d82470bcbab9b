import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Divider, Group, SimpleGrid, Stack, Table, Text, Timeline } from '@mantine/core'
import type { ReactNode } from 'react'
import type { NotifyChannel } from '../../../../contract/carts'
import type { Cart } from '../../../api/schemas/carts'
import type { Program } from '../../../api/schemas/programs'
import { displayPhone } from '../../../shared/phone'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { TableScrollContainer } from '../../../ui/list/table-scroll-container'
import { knownEntry, openLabel } from '../../../ui/open-value'
import { PostalAddress } from '../../../ui/postal-address'
import { CART_EVENT_LABELS } from '../labels'
import { Section } from './section'

/** The parts of a cart's page: its items and totals, its customer, its history. */

/** The items, one line each, and the totals under them. */
export function CartItems({ cart, format }: { cart: Cart; format: MerchantFormat }) {
  const { t } = useLingui()
  return (
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
      <TableScrollContainer minWidth={520} visibleFrom="sm" tabIndex={0} role="region" aria-label={t`Items`}>
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
      </TableScrollContainer>
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
  )
}

export function CartCustomer({ cart, program }: { cart: Cart; program: Program | undefined }) {
  const { t } = useLingui()
  const sameAddress = JSON.stringify(cart.billingAddress) === JSON.stringify(cart.shippingAddress)
  return (
    <Section title={<Trans>Customer</Trans>}>
      <SimpleGrid cols={{ base: 1, sm: sameAddress ? 2 : 3 }} spacing="md">
        <Fact label={<Trans>Contact</Trans>}>
          <Text size="sm">{cart.customer.name}</Text>
          <Text size="sm">{cart.customer.email}</Text>
          <Text size="sm">{cart.customer.phone ? displayPhone(cart.customer.phone) : t`No phone`}</Text>
        </Fact>
        <Fact
          label={sameAddress ? <Trans>Billing and shipping address</Trans> : <Trans>Billing address</Trans>}
        >
          <PostalAddress address={cart.billingAddress} />
        </Fact>
        {sameAddress ? null : (
          <Fact label={<Trans>Shipping address</Trans>}>
            <PostalAddress address={cart.shippingAddress} />
          </Fact>
        )}
      </SimpleGrid>
      <Fact label={<Trans>Program</Trans>} mt="md">
        <Text size="sm">{program?.name ?? t`Other program`}</Text>
      </Fact>
    </Section>
  )
}

/** What happened to the cart, newest first. */
export function CartHistory({ cart, format }: { cart: Cart; format: MerchantFormat }) {
  const { t, i18n } = useLingui()
  const channelNames: Record<NotifyChannel, string> = { EMAIL: t`email`, SMS: t`text message` }
  return (
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
  )
}

export function Fact({ label, children, mt }: { label: ReactNode; children: ReactNode; mt?: 'md' }) {
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
