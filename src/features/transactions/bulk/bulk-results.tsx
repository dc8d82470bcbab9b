import '../../../ui/mantine-later.css'
import { useLingui } from '@lingui/react/macro'
import { Button, Group, ScrollArea, Text } from '@mantine/core'
import type { TransactionListItem } from '../../../api/schemas/transactions'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { actionRefusalText } from '../components/action-refusal'
import classes from './bulk.module.css'
import type { BulkAction } from './bulk-plan'
import type { RowOutcome } from './bulk-runner'

/**
 * One line per row of a bulk run: sent and done, refused with the platform's reason (and Retry), or
 * not sent. Failures come first, so the ones to retry are the first read.
 */
export function BulkResults({
  action,
  items,
  outcomes,
  format,
  onRetry,
}: {
  action: BulkAction
  items: readonly TransactionListItem[]
  outcomes: ReadonlyMap<string, RowOutcome>
  format: MerchantFormat
  onRetry(id: string): void
}) {
  const { t, i18n } = useLingui()
  const rank = (item: TransactionListItem) => (outcomes.get(item.id)?.state === 'failed' ? 0 : 1)
  const ordered = [...items].sort((a, b) => rank(a) - rank(b))
  const stateText = (outcome: RowOutcome | undefined): string => {
    switch (outcome?.state) {
      case 'done':
        return action === 'settle' ? t`Settled` : t`Cancelled`
      case 'sending':
        return t`Sending…`
      case 'unsent':
        return t`Not sent`
      case 'failed':
        return t`Failed`
      default:
        return t`Waiting`
    }
  }
  return (
    <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars>
      <ul className={classes.results} aria-label={t`Results`}>
        {ordered.map((item) => {
          const outcome = outcomes.get(item.id)
          const amount = format.money(item.amounts.remaining)
          const id = item.id
          return (
            <li key={item.id}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" truncate>
                    {id} · {item.customer.name} · {amount}
                  </Text>
                  <Text size="xs" c={outcome?.state === 'failed' ? 'red.8' : 'dimmed'}>
                    {stateText(outcome)}
                    {outcome?.state === 'failed' ? `: ${actionRefusalText(i18n, outcome.error)}` : null}
                  </Text>
                </div>
                {outcome?.state === 'failed' ? (
                  <Button
                    size="compact-xs"
                    variant="light"
                    aria-label={t`Retry ${id}`}
                    onClick={() => onRetry(item.id)}
                  >
                    {t`Retry`}
                  </Button>
                ) : null}
              </Group>
            </li>
          )
        })}
      </ul>
    </ScrollArea.Autosize>
  )
}
