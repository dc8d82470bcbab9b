import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import {
  Anchor,
  type AnchorProps,
  Group,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core'
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react'
import { createLink } from '@tanstack/react-router'
import { type ComponentPropsWithRef, memo, type ReactNode } from 'react'
import type {
  SortDirection,
  TransactionListItem,
  TransactionSortField,
} from '../../../api/schemas/transactions'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { expiresSoon } from '../lifecycle'
import type { TransactionSort } from '../search'
import { preloadTransactionDrawer } from './lazy-transaction-drawer'
import { ExpiresSoonBadge, StatusBadge } from './status-badge'

interface TransactionsTableProps {
  items: readonly TransactionListItem[]
  sort: TransactionSort
  caption: string
  busy: boolean
  format: MerchantFormat
  programNames: ReadonlyMap<string, string>
  onSort(sort: TransactionSort): void
}

/** The direction a column sorts in first: newest, largest, A to Z, lifecycle order. */
const FIRST_DIRECTION: Record<TransactionSortField, SortDirection> = {
  createdAt: 'desc',
  amount: 'desc',
  customer: 'asc',
  status: 'asc',
}

const SORT_NAMES: Record<TransactionSortField, MessageDescriptor> = {
  createdAt: msg`date`,
  customer: msg`customer`,
  amount: msg`amount`,
  status: msg`status`,
}

function SortHeader({
  field,
  sort,
  onSort,
  children,
  align,
}: {
  field: TransactionSortField
  sort: TransactionSort
  onSort(sort: TransactionSort): void
  children: ReactNode
  align?: 'right'
}) {
  const { t, i18n } = useLingui()
  const [current, direction] = sort.split(':') as [TransactionSortField, SortDirection]
  const active = current === field
  const next: SortDirection = active ? (direction === 'asc' ? 'desc' : 'asc') : FIRST_DIRECTION[field]
  const Icon = active ? (direction === 'asc' ? IconArrowUp : IconArrowDown) : IconArrowsSort
  const name = i18n._(SORT_NAMES[field])
  return (
    <Table.Th
      aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      style={{ textAlign: align }}
    >
      <UnstyledButton
        onClick={() => onSort(`${field}:${next}`)}
        fw={700}
        fz="sm"
        title={next === 'asc' ? t`Sort by ${name}, ascending` : t`Sort by ${name}, descending`}
      >
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : undefined}>
          {children}
          <Icon size={14} aria-hidden="true" opacity={active ? 1 : 0.4} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  )
}

function PlainAnchor(props: AnchorProps & ComponentPropsWithRef<'a'>) {
  return <Anchor component="a" {...props} />
}

/** Mantine's anchor as a router link: typed `to`/`search`, preloading, a real href to open in a new tab. */
const AnchorLink = createLink(PlainAnchor)

const Row = memo(function Row({
  item,
  format,
  programName,
}: {
  item: TransactionListItem
  format: MerchantFormat
  programName: string
}) {
  const { t } = useLingui()
  const soon = expiresSoon(item)
  const showsExpiry = item.status === 'AUTHORIZED' || item.status === 'EXPIRED'
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(item.createdAt)}</Table.Td>
      <Table.Td>
        <AnchorLink
          to="/transactions"
          search={(prev) => ({ ...prev, tx: item.id })}
          onPointerEnter={preloadTransactionDrawer}
          onFocus={preloadTransactionDrawer}
          ff="monospace"
          fz="sm"
          style={{ whiteSpace: 'nowrap' }}
        >
          {item.id}
        </AnchorLink>
      </Table.Td>
      <Table.Td ff="monospace" fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {item.orderId}
      </Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={1}>
          {item.customer.name}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {item.customer.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>
          {programName}
        </Text>
      </Table.Td>
      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {format.money(item.amounts.authorized)}
      </Table.Td>
      <Table.Td>
        <StatusBadge status={item.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {showsExpiry ? (
          <Stack gap={2} align="flex-start">
            <Text size="sm" c={item.status === 'EXPIRED' ? 'dimmed' : undefined}>
              {format.date(item.expiresAt)}
            </Text>
            {soon ? <ExpiresSoonBadge /> : null}
          </Stack>
        ) : (
          <>
            <Text span c="dimmed" aria-hidden="true">
              —
            </Text>
            <VisuallyHidden>{t`No open authorization`}</VisuallyHidden>
          </>
        )}
      </Table.Td>
    </Table.Tr>
  )
})

/** One page of transactions; columns sort on the server, the drawer opens from the id. */
export function TransactionsTable({
  items,
  sort,
  caption,
  busy,
  format,
  programNames,
  onSort,
}: TransactionsTableProps) {
  const { t } = useLingui()
  return (
    // Positioned, so the visually hidden texts in the cells scroll (and clip) with the table instead
    // of widening the page at phone width.
    <Table.ScrollContainer minWidth={1180} type="native" pos="relative">
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 120ms' }}
      >
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <SortHeader field="createdAt" sort={sort} onSort={onSort}>
              {t`Date`}
            </SortHeader>
            <Table.Th>{t`Transaction ID`}</Table.Th>
            <Table.Th>{t`Order ID`}</Table.Th>
            <SortHeader field="customer" sort={sort} onSort={onSort}>
              {t`Customer`}
            </SortHeader>
            <Table.Th>{t`Program`}</Table.Th>
            <SortHeader field="amount" sort={sort} onSort={onSort} align="right">
              {t`Amount`}
            </SortHeader>
            <SortHeader field="status" sort={sort} onSort={onSort}>
              {t`Status`}
            </SortHeader>
            <Table.Th>{t`Expires`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Row
              key={item.id}
              item={item}
              format={format}
              programName={programNames.get(item.programID) ?? t`Other program`}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
