import '../../../ui/mantine-later.css'
import { useLingui } from '@lingui/react/macro'
import { Text, Timeline } from '@mantine/core'
import type { Transaction } from '../../../api/schemas/transactions'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { openLabel } from '../../../ui/open-value'
import { ACTOR_LABELS, EVENT_LABELS } from '../labels'

/** What happened to a transaction, oldest first: each event's amount, when and by whom. */
export function TransactionTimeline({
  events,
  format,
}: {
  events: Transaction['timeline']
  format: MerchantFormat
}) {
  const { t, i18n } = useLingui()
  return (
    <Timeline active={events.length - 1} bulletSize={14} lineWidth={2}>
      {events.map((event) => {
        const actor = ACTOR_LABELS[event.actor]
        const who = actor ? i18n._(actor) : event.actor
        const amount = format.money(event.amount)
        const when = format.dateTime(event.at)
        return (
          <Timeline.Item
            key={`${event.type}-${event.at.getTime()}-${event.amount}`}
            title={openLabel(i18n, EVENT_LABELS, event.type)}
          >
            <Text size="sm">{amount}</Text>
            <Text size="xs" c="dimmed">
              {t`${when} · by ${who}`}
            </Text>
          </Timeline.Item>
        )
      })}
    </Timeline>
  )
}
