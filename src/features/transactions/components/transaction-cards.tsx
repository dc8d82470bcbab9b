import { useLingui } from '@lingui/react/macro'
import { Group } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useCallback } from 'react'
import type { TransactionListItem } from '../../../api/schemas/transactions'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { ListCards, SaleCard } from '../../../ui/list/list-cards'
import { RowCheckbox } from '../bulk/select-checkbox'
import { preloadTransactionDrawer } from './lazy-transaction-drawer'
import { LazyDeadline, StatusWithExpiry } from './transactions-table'
import classes from './transactions-table.module.css'

/**
 * Phones and tablets: one card per transaction with the table's key columns (id, status, customer,
 * date, amount), nothing to scroll sideways; the id opens the drawer as in the table.
 */
export function TransactionCards({
  items,
  format,
  busy,
  deadlines,
  selected,
  onToggle,
}: {
  items: readonly TransactionListItem[]
  format: MerchantFormat
  busy: boolean
  /** Shows each row's deadline (the needs-action view, a deadline sort). */
  deadlines: boolean
  /** The rows selected for a bulk action, by id (any page's). */
  selected: ReadonlyMap<string, unknown>
  onToggle(rows: readonly TransactionListItem[], item: TransactionListItem, range: boolean): void
}) {
  const { t } = useLingui()
  const toggleRow = useCallback(
    (item: TransactionListItem, range: boolean) => onToggle(items, item, range),
    [onToggle, items],
  )
  return (
    <ListCards label={t`Transactions`} busy={busy}>
      {items.map((item) => (
        <SaleCard
          key={item.id}
          reference={
            <Group gap="xs" wrap="nowrap">
              <RowCheckbox item={item} checked={selected.has(item.id)} format={format} onToggle={toggleRow} />
              <Link
                to="/transactions"
                search={(prev) => ({ ...prev, tx: item.id })}
                onPointerEnter={preloadTransactionDrawer}
                onFocus={preloadTransactionDrawer}
                className={`${classes.link} ${classes.mono}`}
              >
                {item.id}
              </Link>
            </Group>
          }
          status={<StatusWithExpiry item={item} format={format} />}
          customer={item.customer.name}
          time={format.dateTime(item.createdAt)}
          amount={format.money(item.amounts.authorized)}
          extra={deadlines ? <LazyDeadline item={item} format={format} /> : null}
        />
      ))}
    </ListCards>
  )
}
