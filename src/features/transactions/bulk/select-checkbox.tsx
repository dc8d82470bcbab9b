import { useLingui } from '@lingui/react/macro'
import { Checkbox } from '@mantine/core'
import { type KeyboardEvent, type PointerEvent, useRef } from 'react'
import type { TransactionListItem } from '../../../api/schemas/transactions'
import type { MerchantFormat } from '../../../shared/use-merchant-format'

/**
 * A row's checkbox for bulk actions. Space toggles it; Shift with a click or with Space selects (or
 * unselects) the range from the row toggled before. It is not inside the link that opens the drawer, so
 * ticking it never opens one.
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
    <Checkbox
      aria-label={t`Select transaction ${name} ${amount}`}
      checked={checked}
      size="xs"
      onPointerDown={(event: PointerEvent) => {
        range.current = event.shiftKey
      }}
      onKeyDown={(event: KeyboardEvent) => {
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
  return (
    <Checkbox
      aria-label={t`Select all transactions on this page`}
      checked={state === 'all'}
      indeterminate={state === 'some'}
      size="xs"
      onChange={onToggle}
    />
  )
}
