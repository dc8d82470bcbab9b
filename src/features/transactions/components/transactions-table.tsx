import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Group, Table, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { memo, type ReactNode, Suspense, useCallback } from 'react'
import type { SortDirection, TransactionSortField } from '../../../../contract/transactions'
import type { TransactionListItem } from '../../../api/schemas/transactions'
import { lazyChunk } from '../../../shared/load-chunk'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { TableScrollContainer } from '../../../ui/list/table-scroll-container'
import { PageCheckbox, RowCheckbox } from '../bulk/select-checkbox'
import { pageSelection } from '../bulk/selection'
import { expiresSoon } from '../lifecycle'
import type { OptionalColumn, TransactionSort } from '../search'
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
  /** The lower-priority columns chosen to show as well. */
  columns: readonly OptionalColumn[]
  /** Shows each row's deadline (the needs-action view, a deadline sort). */
  deadlines: boolean
  /** The rows selected for a bulk action, by id (any page's). */
  selected: ReadonlyMap<string, unknown>
  onToggle(rows: readonly TransactionListItem[], item: TransactionListItem, range: boolean): void
  onTogglePage(rows: readonly TransactionListItem[]): void
  onSort(sort: TransactionSort): void
}

/**
 * The width below which the table scrolls inside its box: Date, Transaction ID, Customer, Amount and
 * Status fit the 744 px a 1024-wide screen leaves beside the navigation; each optional column adds room.
 */
const BASE_MIN_WIDTH = 760
const COLUMN_MIN_WIDTH: Record<OptionalColumn, number> = { orderId: 130, program: 170 }
const DEADLINE_MIN_WIDTH = 200

/** A row's deadline: its code loads with the first list that shows one. */
const Deadline = lazyChunk(() => import('./deadline'))

/** The row's deadline and the time left, once its code is here. */
export function LazyDeadline({ item, format }: { item: TransactionListItem; format: MerchantFormat }) {
  return (
    <Suspense fallback={null}>
      <Deadline item={item} format={format} />
    </Suspense>
  )
}

/** The direction a column sorts in first: newest, largest, A to Z, lifecycle order. */
const FIRST_DIRECTION: Record<TransactionSortField, SortDirection> = {
  createdAt: 'desc',
  amount: 'desc',
  customer: 'asc',
  status: 'asc',
  deadline: 'asc',
}

const SORT_NAMES: Record<TransactionSortField, MessageDescriptor> = {
  createdAt: msg`date`,
  customer: msg`customer`,
  amount: msg`amount`,
  status: msg`status`,
  deadline: msg`deadline`,
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

/**
 * The status, with the authorization's expiry under it while one is open (or when it lapsed): the
 * merchant reads them together, and they take one column instead of two.
 */
export function StatusWithExpiry({ item, format }: { item: TransactionListItem; format: MerchantFormat }) {
  const { t } = useLingui()
  const date = format.date(item.expiresAt)
  return (
    <div className={classes.status}>
      <StatusBadge status={item.status} />
      {item.status === 'AUTHORIZED' ? <span className={classes.expiry}>{t`Expires ${date}`}</span> : null}
      {item.status === 'EXPIRED' ? (
        <span className={`${classes.expiry} ${classes.dimmed}`}>{t`Expired ${date}`}</span>
      ) : null}
      {expiresSoon(item) ? <ExpiresSoonBadge /> : null}
    </div>
  )
}

const Row = memo(function Row({
  item,
  format,
  programName,
  columns,
  deadlines,
  selected,
  onToggle,
}: {
  item: TransactionListItem
  format: MerchantFormat
  programName: string
  columns: readonly OptionalColumn[]
  deadlines: boolean
  selected: boolean
  onToggle(item: TransactionListItem, range: boolean): void
}) {
  return (
    <tr className={classes.row}>
      <td className={`${classes.cell} ${classes.select}`}>
        <RowCheckbox item={item} checked={selected} format={format} onToggle={onToggle} />
      </td>
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
      {columns.includes('orderId') ? (
        <td className={`${classes.cell} ${classes.mono}`}>{item.orderId}</td>
      ) : null}
      <td className={`${classes.cell} ${classes.customer}`}>
        <span className={classes.name}>{item.customer.name}</span>
        <span className={classes.email}>{item.customer.email}</span>
      </td>
      {columns.includes('program') ? (
        <td className={classes.cell}>
          <span className={classes.program}>{programName}</span>
        </td>
      ) : null}
      <td className={`${classes.cell} ${classes.amount}`}>{format.money(item.amounts.authorized)}</td>
      <td className={classes.cell}>
        <StatusWithExpiry item={item} format={format} />
      </td>
      {deadlines ? (
        <td className={classes.cell}>
          <LazyDeadline item={item} format={format} />
        </td>
      ) : null}
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
  columns,
  deadlines,
  selected,
  onToggle,
  onTogglePage,
  onSort,
}: TransactionsTableProps) {
  const { t } = useLingui()
  const toggleRow = useCallback(
    (item: TransactionListItem, range: boolean) => onToggle(items, item, range),
    [onToggle, items],
  )
  const minWidth = columns.reduce(
    (width, column) => width + COLUMN_MIN_WIDTH[column],
    BASE_MIN_WIDTH + (deadlines ? DEADLINE_MIN_WIDTH : 0),
  )
  return (
    // Positioned, so the visually hidden caption scrolls (and clips) with the table instead
    // of widening the page at phone width.
    <TableScrollContainer
      minWidth={minWidth}
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
            <Table.Th className={classes.select}>
              <PageCheckbox state={pageSelection(items, selected)} onToggle={() => onTogglePage(items)} />
            </Table.Th>
            <SortHeader field="createdAt" sort={sort} onSort={onSort}>
              {t`Date`}
            </SortHeader>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t`Transaction ID`}</Table.Th>
            {columns.includes('orderId') ? <Table.Th>{t`Order ID`}</Table.Th> : null}
            <SortHeader field="customer" sort={sort} onSort={onSort}>
              {t`Customer`}
            </SortHeader>
            {columns.includes('program') ? <Table.Th>{t`Program`}</Table.Th> : null}
            <SortHeader field="amount" sort={sort} onSort={onSort} align="right">
              {t`Amount`}
            </SortHeader>
            <SortHeader field="status" sort={sort} onSort={onSort}>
              {t`Status`}
            </SortHeader>
            {deadlines ? (
              <SortHeader field="deadline" sort={sort} onSort={onSort}>
                {t`Deadline`}
              </SortHeader>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Row
              key={item.id}
              item={item}
              format={format}
              programName={programNames.get(item.programID) ?? t`Other program`}
              columns={columns}
              deadlines={deadlines}
              selected={selected.has(item.id)}
              onToggle={toggleRow}
            />
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollContainer>
  )
}
