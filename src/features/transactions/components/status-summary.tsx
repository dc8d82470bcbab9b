import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Paper, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { memo } from 'react'
import { TRANSACTION_STATUSES, type TransactionStatus } from '../../../../contract/transactions'
import { isKnown } from '../../../api/schemas/common'
import type { StatusSummary as StatusCount, TransactionPage } from '../../../api/schemas/transactions'
import { formatNumber } from '../../../i18n/format'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { STATUS_COLORS, STATUS_LABELS } from '../labels'
import classes from './status-summary.module.css'

/** Statuses the portal does not know cannot be filtered by; they still count in "All matching". */
function isKnownStatus(
  entry: StatusCount,
): entry is Omit<StatusCount, 'status'> & { status: TransactionStatus } {
  return isKnown(TRANSACTION_STATUSES, entry.status)
}

interface StatusSummaryProps {
  summary: readonly StatusCount[]
  total: number
  selected: readonly TransactionStatus[] | undefined
  /** What needs action among them; absent when the platform does not count it (no count is shown). */
  needsAction: TransactionPage['needsAction']
  /** Whether the needs-action view is on. */
  needsActionView: boolean
  format: MerchantFormat
  onToggle(status: TransactionStatus): void
  onToggleNeedsAction(): void
}

/**
 * Count and amount per status over everything the filters match (not only this page). Each status
 * also toggles the status filter, the quickest way to "show me the refunds"; the count of what needs
 * action toggles the needs-action view.
 */
export const StatusSummary = memo(function StatusSummary({
  summary,
  total,
  selected,
  needsAction,
  needsActionView,
  format,
  onToggle,
  onToggleNeedsAction,
}: StatusSummaryProps) {
  const { t, i18n } = useLingui()
  const amount = summary.reduce((sum, entry) => sum + entry.total, 0)
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      mb="md"
      component="section"
      aria-label={t`Summary of matching transactions`}
    >
      <div className={classes.strip}>
        <div className={`${classes.card} ${classes.all}`}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            <Trans>All matching</Trans>
          </Text>
          <Text fw={700} className={classes.figure}>
            <Plural value={total} one="# transaction" other="# transactions" />
          </Text>
          <Text size="sm" c="dimmed" className={classes.figure}>
            {format.money(amount)}
          </Text>
        </div>
        {needsAction ? (
          <NeedsActionCard
            count={needsAction.count}
            active={needsActionView}
            format={format}
            onToggle={onToggleNeedsAction}
          />
        ) : null}
        {summary.filter(isKnownStatus).map((entry) => {
          const label = i18n._(STATUS_LABELS[entry.status])
          const active = selected?.includes(entry.status) ?? false
          const count = entry.count
          return (
            <UnstyledButton
              key={entry.status}
              className={classes.card}
              aria-pressed={active}
              onClick={() => onToggle(entry.status)}
              title={active ? t`Stop filtering by ${label}` : t`Show only ${label}`}
              style={{
                borderLeft: `3px solid var(--mantine-color-${STATUS_COLORS[entry.status]}-6)`,
                background: active ? `var(--mantine-color-${STATUS_COLORS[entry.status]}-light)` : undefined,
              }}
            >
              <div className={classes.label}>{label}</div>
              {/* Short figures keep eight statuses in one row; the full ones are read out instead. */}
              <Text fw={700} size="sm" className={classes.figure}>
                <span aria-hidden="true">{formatNumber(count, format.locale)}</span>
                <VisuallyHidden>
                  <Plural value={count} one="# transaction" other="# transactions" />
                </VisuallyHidden>
              </Text>
              <Text size="sm" c="dimmed" className={classes.figure}>
                <span aria-hidden="true">{format.compactMoney(entry.total)}</span>
                <VisuallyHidden>{format.money(entry.total)}</VisuallyHidden>
              </Text>
            </UnstyledButton>
          )
        })}
      </div>
    </Paper>
  )
})

/** What needs action among the matching transactions: toggles the needs-action view. */
function NeedsActionCard({
  count,
  active,
  format,
  onToggle,
}: {
  count: number
  active: boolean
  format: MerchantFormat
  onToggle(): void
}) {
  return (
    <UnstyledButton
      className={classes.card}
      aria-pressed={active}
      onClick={onToggle}
      style={{
        borderLeft: '3px solid var(--mantine-color-orange-6)',
        background: active ? 'var(--mantine-color-orange-light)' : undefined,
      }}
    >
      <div className={classes.label}>
        <Trans>Needs action</Trans>
      </div>
      <Text fw={700} size="sm" className={classes.figure}>
        <span aria-hidden="true">{formatNumber(count, format.locale)}</span>
        <VisuallyHidden>
          <Plural value={count} one="# transaction" other="# transactions" />
        </VisuallyHidden>
      </Text>
    </UnstyledButton>
  )
}
