import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Group, Table, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { memo, type ReactNode } from 'react'
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
import classes from './transactions-table.module.css'

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
    <tr className={classes.row}>
      <td className={`${classes.cell} ${classes.nowrap}`}>{format.dateTime(item.createdAt)}</td>
      <td className={`${classes.cell} ${classes.mono}`}>
        <Link
          to="/transactions"
          search={(prev) => ({ ...prev, tx: item.id })}
          onPointerEnter={preloadTransactionDrawer}
          onFocus={preloadTransactionDrawer}
          className={classes.link}
        >
          {item.id}
        </Link>
      </td>
      <td className={`${classes.cell} ${classes.mono}`}>{item.orderId}</td>
      <td className={classes.cell}>
        <span className={classes.name}>{item.customer.name}</span>
        <span className={classes.email}>{item.customer.email}</span>
      </td>
      <td className={classes.cell}>
        <span className={classes.program}>{programName}</span>
      </td>
      <td className={`${classes.cell} ${classes.amount}`}>{format.money(item.amounts.authorized)}</td>
      <td className={classes.cell}>
        <StatusBadge status={item.status} />
      </td>
      <td className={`${classes.cell} ${classes.nowrap}`}>
        {showsExpiry ? (
          <div className={classes.expiry}>
            <span className={item.status === 'EXPIRED' ? classes.dimmed : undefined}>
              {format.date(item.expiresAt)}
            </span>
            {soon ? <ExpiresSoonBadge /> : null}
          </div>
        ) : (
          <>
            <span className={classes.dimmed} aria-hidden="true">
              —
            </span>
            <span className={classes.hidden}>{t`No open authorization`}</span>
          </>
        )}
      </td>
    </tr>
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
    <Table.ScrollContainer
      minWidth={1180}
      type="native"
      pos="relative"
      className={classes.scroller}
      // The space the rows take before they are laid out (see .scroller): about a row's height each.
      style={{ containIntrinsicBlockSize: `auto ${48 + items.length * 58}px` }}
    >
      {/* Striping and the hover colour of the body rows come from transactions-table.module.css. */}
      <Table
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
