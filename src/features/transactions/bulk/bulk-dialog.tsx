import '../../../ui/mantine-later.css'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Modal, Progress, ScrollArea, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { Abilities } from '../../../access/abilities'
import type { TransactionListItem } from '../../../api/schemas/transactions'
import { formatNumber } from '../../../i18n/format'
import { useServices } from '../../../services/services-context'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { sendTransactionAction } from '../api/transaction-actions'
import { transactionKeys } from '../api/transaction-queries'
import classes from './bulk.module.css'
import { type BulkAction, planBulk, type SkipReason } from './bulk-plan'
import { BulkResults } from './bulk-results'
import { type BulkRunner, countOutcomes, createBulkRunner, type RowOutcome } from './bulk-runner'

export interface BulkDialogProps {
  action: BulkAction
  /** The selected rows. */
  items: readonly TransactionListItem[]
  merchantId: string
  abilities: Pick<Abilities, BulkAction>
  format: MerchantFormat
  /** Closed, with the ids of the rows the action succeeded on. */
  onClose(done: string[]): void
}

/**
 * Confirms a bulk settle or cancel (the count, the total and the rows skipped, with why), then runs it:
 * at most four writes in flight, each with its own idempotency key, progress and per-row results, the
 * failures retryable one by one or together. Cancel stops what is not sent yet.
 */
export default function BulkDialog({
  action,
  items,
  merchantId,
  abilities,
  format,
  onClose,
}: BulkDialogProps) {
  const { t } = useLingui()
  const { api, storage } = useServices()
  const queryClient = useQueryClient()
  const plan = useMemo(() => planBulk(items, action, abilities), [items, action, abilities])
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, RowOutcome> | null>(null)
  const runner = useRef<BulkRunner | null>(null)
  // Leaving the page stops what is not sent yet.
  useEffect(() => () => runner.current?.cancel(), [])

  function start() {
    const created = createBulkRunner({
      ids: plan.included.map((item) => item.id),
      send: (id) => sendTransactionAction(api, storage, merchantId, { id, action }),
      onChange: setOutcomes,
      // The lists, the summary and the details change once per run, not once per row.
      onIdle: () => void queryClient.invalidateQueries({ queryKey: transactionKeys.all(merchantId) }),
    })
    runner.current = created
    created.start()
  }

  const counts = outcomes ? countOutcomes(outcomes) : null
  const active = counts !== null && counts.waiting + counts.sending > 0
  const failed = outcomes
    ? [...outcomes].filter(([, outcome]) => outcome.state === 'failed').map(([id]) => id)
    : []
  const close = () => {
    if (active) return
    onClose(outcomes ? [...outcomes].filter(([, outcome]) => outcome.state === 'done').map(([id]) => id) : [])
  }

  const count = plan.included.length
  const totalText = format.money(plan.total)
  const reasons: Record<SkipReason, string> = {
    noAccess: t`You do not have write access for this action.`,
    disputed: t`It is disputed.`,
    settled: t`It is already settled.`,
    closed: t`It is already cancelled.`,
    expired: t`Its authorization has expired.`,
    notAuthorization: t`It is not an authorization.`,
  }
  const title =
    action === 'settle'
      ? t`Settle ${plural(count, { one: '# transaction', other: '# transactions' })}`
      : t`Cancel ${plural(count, { one: '# authorization', other: '# authorizations' })}`

  const finished = counts ? counts.done + counts.failed : 0
  const finishedText = formatNumber(finished, format.locale)
  const countText = formatNumber(count, format.locale)

  return (
    <Modal
      opened
      onClose={close}
      title={title}
      centered
      size="lg"
      closeOnEscape={!active}
      withCloseButton={!active}
    >
      <Stack gap="md">
        {counts === null ? (
          <>
            <Text size="sm">
              {count === 0
                ? t`None of the selected transactions can take this action.`
                : action === 'settle'
                  ? t`${plural(count, { one: '# authorization will be settled in full', other: '# authorizations will be settled in full' })}, for a total of ${totalText}.`
                  : t`${plural(count, { one: '# authorization will be cancelled', other: '# authorizations will be cancelled' })}, releasing a total of ${totalText}.`}
            </Text>
            {plan.skipped.length > 0 ? (
              <Stack gap={4}>
                <Text size="sm" fw={700}>
                  {t`${plural(plan.skipped.length, { one: '# selected transaction will be skipped:', other: '# selected transactions will be skipped:' })}`}
                </Text>
                <ScrollArea.Autosize mah={180} type="auto" offsetScrollbars>
                  <ul className={classes.results} aria-label={t`Skipped transactions`}>
                    {plan.skipped.map(({ item, reason }) => (
                      <li key={item.id}>
                        <Text size="sm">
                          {item.id} · {item.customer.name}: {reasons[reason]}
                        </Text>
                      </li>
                    ))}
                  </ul>
                </ScrollArea.Autosize>
              </Stack>
            ) : null}
            {count > 0 ? (
              <Alert
                color="orange"
                variant="light"
                icon={<IconAlertTriangle aria-hidden="true" />}
                title={t`This cannot be undone`}
              >
                {action === 'settle'
                  ? t`Settling charges the customers' plans; to give money back later, you would refund it.`
                  : t`Cancelling releases the customers' authorizations: these orders can no longer be settled.`}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                <Trans>Go back</Trans>
              </Button>
              <Button
                color={action === 'settle' ? undefined : 'red.8'}
                disabled={count === 0}
                onClick={start}
              >
                {action === 'settle'
                  ? t`Settle ${plural(count, { one: '# transaction', other: '# transactions' })}`
                  : t`Cancel ${plural(count, { one: '# authorization', other: '# authorizations' })}`}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Stack gap={4}>
              <Progress
                value={count > 0 ? (finished / count) * 100 : 100}
                aria-label={t`Bulk action progress`}
              />
              <Text size="sm" role="status" aria-live="polite">
                {t`${finishedText} of ${countText} done`}
                {' · '}
                {t`${plural(counts.done, { one: '# succeeded', other: '# succeeded' })}, ${plural(counts.failed, { one: '# failed', other: '# failed' })}`}
                {counts.unsent > 0
                  ? ` · ${t`${plural(counts.unsent, { one: '# not sent', other: '# not sent' })}`}`
                  : null}
              </Text>
            </Stack>
            <BulkResults
              action={action}
              items={plan.included}
              outcomes={outcomes ?? new Map()}
              format={format}
              onRetry={(id) => runner.current?.retry([id])}
            />
            <Group justify="flex-end" gap="sm">
              {active ? (
                <Button variant="default" onClick={() => runner.current?.cancel()}>
                  <Trans>Cancel the rest</Trans>
                </Button>
              ) : (
                <>
                  {failed.length > 0 ? (
                    <Button variant="light" onClick={() => runner.current?.retry(failed)}>
                      <Trans>Retry failed</Trans>
                    </Button>
                  ) : null}
                  <Button onClick={close}>
                    <Trans>Close</Trans>
                  </Button>
                </>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  )
}
