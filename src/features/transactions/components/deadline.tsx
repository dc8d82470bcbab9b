import { useLingui } from '@lingui/react/macro'
import { Text } from '@mantine/core'
import type { TransactionListItem } from '../../../api/schemas/transactions'
import type { MerchantFormat } from '../../../shared/use-merchant-format'

// Loaded with the needs-action view (or a deadline sort), the only lists that show deadlines.

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

/**
 * A row's next deadline, as the contract defines it for the deadline sort: the respond-by of a dispute
 * awaiting a response, otherwise the expiry of an open authorization; null for any other row.
 */
export function deadlineOf(
  item: Pick<TransactionListItem, 'status' | 'expiresAt' | 'dispute'>,
): { kind: 'respond' | 'expires'; at: Date } | null {
  if (item.dispute?.status === 'NEEDS_RESPONSE') return { kind: 'respond', at: item.dispute.respondBy }
  return item.status === 'AUTHORIZED' ? { kind: 'expires', at: item.expiresAt } : null
}

/**
 * What is left before `at`, in whole days, else whole hours, else minutes (at least one), never more
 * than there is; null once it has passed.
 */
export function timeLeft(at: Date, now: number): { value: number; unit: 'day' | 'hour' | 'minute' } | null {
  const left = at.getTime() - now
  if (left <= 0) return null
  if (left >= DAY) return { value: Math.floor(left / DAY), unit: 'day' }
  if (left >= HOUR) return { value: Math.floor(left / HOUR), unit: 'hour' }
  return { value: Math.max(1, Math.floor(left / 60_000)), unit: 'minute' }
}

const relative = new Map<string, Intl.RelativeTimeFormat>()

/** "in 3 days", "in 1 hour": the locale's own plural rules and wording. */
function formatTimeLeft(left: NonNullable<ReturnType<typeof timeLeft>>, locale: string): string {
  let format = relative.get(locale)
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })
    relative.set(locale, format)
  }
  return format.format(left.value, left.unit)
}

/** The row's deadline in the merchant's time zone and the time left, or "Overdue" once it has passed. */
export default function Deadline({
  item,
  format,
  now = Date.now(),
}: {
  item: TransactionListItem
  format: MerchantFormat
  now?: number
}) {
  const { t } = useLingui()
  const deadline = deadlineOf(item)
  if (!deadline) return null
  const date = format.dateTime(deadline.at)
  const left = timeLeft(deadline.at, now)
  return (
    <Text size="xs" component="div">
      <div>{deadline.kind === 'respond' ? t`Respond by ${date}` : t`Expires ${date}`}</div>
      {left ? (
        <Text span size="xs" fw={600}>
          {formatTimeLeft(left, format.locale)}
        </Text>
      ) : (
        <Text span size="xs" fw={700} c="red.8">
          {t`Overdue`}
        </Text>
      )}
    </Text>
  )
}
