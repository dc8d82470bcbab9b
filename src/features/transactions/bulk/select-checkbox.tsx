import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import type { TransactionListItem } from '../../../api/schemas/transactions'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import classes from './select-checkbox.module.css'

/**
 * A row's checkbox for bulk actions: a native one, as the rows' other cells are plain elements (a
 * Mantine component per row made a page of 100 rows render several times slower). Space toggles it;
 * Shift with a click or with Space selects (or unselects) the range from the row toggled before. It is
 * not inside the link that opens the drawer, so ticking it never opens one.
 */
export function RowCheckbox({
  item,
  checked,
  format,
  onToggle,
}: {
  item: TransactionListItem
  checked: boolean
  format: MerchantFormat
  onToggle(item: TransactionListItem, range: boolean): void
}) {
  const { t } = useLingui()
  // Whether Shift was held when the click or the key began: the change event does not say.
  const range = useRef(false)
  const name = item.customer.name
  const amount = format.money(item.amounts.authorized)
  return (
    <input
      type="checkbox"
      className={classes.box}
      aria-label={t`Select transaction ${name} ${amount}`}
      checked={checked}
      onPointerDown={(event) => {
        range.current = event.shiftKey
      }}
      onKeyDown={(event) => {
        if (event.key === ' ') range.current = event.shiftKey
      }}
      onChange={() => {
        onToggle(item, range.current)
        range.current = false
      }}
    />
  )
}

/** Selects the page's rows, or none of them; mixed while some are. */
export function PageCheckbox({ state, onToggle }: { state: 'none' | 'some' | 'all'; onToggle(): void }) {
  const { t } = useLingui()
  const box = useRef<HTMLInputElement>(null)
  // A mixed state has no attribute: it is the element's property alone.
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === 'some'
  }, [state])
  return (
    <input
      ref={box}
      type="checkbox"
      className={classes.box}
      aria-label={t`Select all transactions on this page`}
      checked={state === 'all'}
      onChange={onToggle}
    />
  )
}
