import '../../../ui/mantine-later.css'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { IconMinus } from '@tabler/icons-react'
import { type ReactNode, useId } from 'react'
import type { InsightTotals } from '../../../api/schemas/insights'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import type { InsightsFormat } from '../format'
import { changeTone, KPI_KEYS, KPI_UNITS, type KpiChange, type KpiKey, kpiChange, kpiValue } from '../kpis'
import { KPI_HINTS, KPI_LABELS } from '../labels'

interface KpiCardsProps {
  totals: InsightTotals
  previousTotals: InsightTotals
  money: MerchantFormat['money']
  format: InsightsFormat
}

// Five across only where a long amount still fits its card (the navigation takes part of the width).
const GRID_COLS = { base: 1, xs: 2, md: 3, xl: 5 }

/** Text colours that keep 4.5:1 on white; the arrow and the words say the same without colour. */
const TONE_COLORS = { good: 'teal.9', bad: 'red.9', neutral: 'gray.7' } as const

/** The five key figures of the range, each with the previous period's and the change. */
export function KpiCards({ totals, previousTotals, money, format }: KpiCardsProps) {
  const headingId = useId()
  const show = (key: KpiKey, value: number | null): string => {
    if (value === null) return '—'
    const unit = KPI_UNITS[key]
    return unit === 'money' ? money(value) : unit === 'rate' ? format.percent(value) : format.count(value)
  }
  return (
    <section aria-labelledby={headingId}>
      <VisuallyHidden>
        <Title order={2} id={headingId}>
          <Trans>Key figures</Trans>
        </Title>
      </VisuallyHidden>
      <SimpleGrid cols={GRID_COLS} spacing="sm">
        {KPI_KEYS.map((key) => {
          const current = kpiValue(key, totals)
          const previous = kpiValue(key, previousTotals)
          return (
            <KpiCard
              key={key}
              kpi={key}
              value={show(key, current)}
              previous={show(key, previous)}
              change={kpiChange(current, previous, KPI_UNITS[key])}
              format={format}
              detail={detailOf(key, totals, format)}
            />
          )
        })}
      </SimpleGrid>
    </section>
  )
}

/** The counts behind a figure, where they help read it. */
function detailOf(kpi: KpiKey, totals: InsightTotals, format: InsightsFormat): ReactNode {
  const attempts = format.count(totals.attempts)
  const orders = format.count(totals.orders)
  if (kpi === 'approvalRate')
    return (
      <Trans>
        {orders} of {attempts} attempts
      </Trans>
    )
  if (kpi === 'refunded') return <Plural value={totals.refunds} one="# refund" other="# refunds" />
  return null
}

interface KpiCardProps {
  kpi: KpiKey
  value: string
  previous: string
  change: KpiChange
  format: InsightsFormat
  detail: ReactNode
}

function KpiCard({ kpi, value, previous, change, format, detail }: KpiCardProps) {
  const { i18n } = useLingui()
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={4}>
        <Title order={3} size="sm" fw={600}>
          {i18n._(KPI_LABELS[kpi])}
        </Title>
        <Text size="xs" c="dimmed">
          {i18n._(KPI_HINTS[kpi])}
        </Text>
        <Text fz={26} fw={700} lh={1.2}>
          {value}
        </Text>
        {detail ? (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        ) : null}
        <ChangeLine kpi={kpi} change={change} format={format} />
        {change.kind === 'none' ? null : (
          <Text size="xs" c="dimmed">
            <Trans>Previous period: {previous}</Trans>
          </Text>
        )}
      </Stack>
    </Paper>
  )
}

function ChangeLine({ kpi, change, format }: { kpi: KpiKey; change: KpiChange; format: InsightsFormat }) {
  const { t } = useLingui()
  const color = TONE_COLORS[changeTone(kpi, change)]
  if (change.kind === 'none') {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No previous data</Trans>
      </Text>
    )
  }
  if (change.kind === 'same') {
    return (
      <Group gap={4} c={color}>
        <IconMinus size={16} aria-hidden="true" />
        <Text size="sm" fw={600} c={color}>
          <Trans>No change on the previous period</Trans>
        </Text>
      </Group>
    )
  }
  const up = change.kind === 'up'
  const points = KPI_UNITS[kpi] === 'rate'
  const amount = points ? format.points(change.amount) : format.percent(change.amount)
  const shown = points ? t`${amount} pts` : amount
  const spoken = points
    ? up
      ? t`Up ${amount} percentage points on the previous period`
      : t`Down ${amount} percentage points on the previous period`
    : up
      ? t`Up ${amount} on the previous period`
      : t`Down ${amount} on the previous period`
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={600} c={color} style={{ whiteSpace: 'nowrap' }}>
        <span aria-hidden="true">
          {up ? '▲' : '▼'} {shown}
        </span>
        <VisuallyHidden>{spoken}</VisuallyHidden>
      </Text>
      <Text size="xs" c="dimmed" aria-hidden="true">
        <Trans>vs previous period</Trans>
      </Text>
    </Group>
  )
}

/** Five grey cards while the figures load. */
export function KpiSkeletons() {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="sm" aria-hidden="true">
      {KPI_KEYS.map((key) => (
        <Paper key={key} withBorder radius="md" p="md">
          <Stack gap={8}>
            <Skeleton h={12} w="60%" />
            <Skeleton h={28} w="80%" />
            <Skeleton h={12} w="50%" />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  )
}
