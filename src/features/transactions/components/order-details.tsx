import '../../../ui/mantine-later.css'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { SimpleGrid, Table, Text, Title } from '@mantine/core'
import { useMemo } from 'react'
import type { Transaction } from '../../../api/schemas/transactions'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { TableScrollContainer } from '../../../ui/list/table-scroll-container'
import { PostalAddress } from '../../../ui/postal-address'

type Address = NonNullable<Transaction['billingAddress']>

function AddressBlock({ title, address }: { title: string; address: Address }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {title}
      </Text>
      <PostalAddress address={address} />
    </div>
  )
}

/** The order behind a transaction: its lines, where it was billed and shipped, the customer's plan. Each only when known. */
export function OrderDetails({ transaction, format }: { transaction: Transaction; format: MerchantFormat }) {
  const { t } = useLingui()
  const { lineItems, billingAddress, shippingAddress, plan } = transaction
  // The first payment is a calendar date that travels as midnight UTC: read in UTC, never shifted.
  const calendarDate = useMemo(
    () => new Intl.DateTimeFormat(format.locale, { dateStyle: 'medium', timeZone: 'UTC' }),
    [format.locale],
  )
  return (
    <>
      {lineItems && lineItems.length > 0 ? (
        <section aria-labelledby="tx-items">
          <Title order={3} size="h5" id="tx-items" mb="xs">
            <Trans>Items</Trans>
          </Title>
          <TableScrollContainer minWidth={420} tabIndex={0} role="region" aria-label={t`Items`}>
            <Table fz="sm" verticalSpacing={4} aria-labelledby="tx-items">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>Item</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>SKU</Trans>
                  </Table.Th>
                  <Table.Th ta="end">
                    <Trans>Quantity</Trans>
                  </Table.Th>
                  <Table.Th ta="end">
                    <Trans>Unit price</Trans>
                  </Table.Th>
                  <Table.Th ta="end">
                    <Trans>Total</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lineItems.map((item, index) => (
                  // Lines may repeat a product; their order is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder
                  <Table.Tr key={index}>
                    <Table.Td>{item.name}</Table.Td>
                    <Table.Td>{item.sku ?? ''}</Table.Td>
                    <Table.Td ta="end">{item.quantity}</Table.Td>
                    <Table.Td ta="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {format.money(item.unitPrice)}
                    </Table.Td>
                    <Table.Td ta="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {format.money(item.total)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollContainer>
        </section>
      ) : null}

      {billingAddress || shippingAddress ? (
        <section aria-labelledby="tx-addresses">
          <Title order={3} size="h5" id="tx-addresses" mb="xs">
            <Trans>Addresses</Trans>
          </Title>
          <SimpleGrid cols={2} spacing="sm">
            {billingAddress ? <AddressBlock title={t`Billing address`} address={billingAddress} /> : null}
            {shippingAddress ? <AddressBlock title={t`Shipping address`} address={shippingAddress} /> : null}
          </SimpleGrid>
        </section>
      ) : null}

      {plan ? (
        <section aria-labelledby="tx-plan">
          <Title order={3} size="h5" id="tx-plan" mb="xs">
            <Trans>Plan</Trans>
          </Title>
          <SimpleGrid component="dl" cols={3} spacing="sm" m={0}>
            <div>
              <Text component="dt" size="xs" c="dimmed" fw={600}>
                <Trans>Payments</Trans>
              </Text>
              <Text component="dd" size="sm" m={0}>
                <Plural value={plan.numberOfPayments} one="# payment" other="# payments" />
              </Text>
            </div>
            <div>
              <Text component="dt" size="xs" c="dimmed" fw={600}>
                <Trans>APR</Trans>
              </Text>
              <Text component="dd" size="sm" m={0}>
                {format.percent(plan.aprBPS / 100)}
              </Text>
            </div>
            <div>
              <Text component="dt" size="xs" c="dimmed" fw={600}>
                <Trans>First payment</Trans>
              </Text>
              <Text component="dd" size="sm" m={0}>
                {calendarDate.format(plan.firstPaymentDate)}
              </Text>
            </div>
          </SimpleGrid>
        </section>
      ) : null}
    </>
  )
}
