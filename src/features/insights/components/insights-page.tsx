import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Button, Skeleton, Stack, Text } from '@mantine/core'
import { IconChartBarOff } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import type { Channel } from '../../../../contract/programs'
import type { Open } from '../../../api/schemas/common'
import type { Insights } from '../../../api/schemas/insights'
import type { Merchant } from '../../../api/schemas/merchants'
import type { Program } from '../../../api/schemas/programs'
import { useServices } from '../../../services/services-context'
import { zoneName } from '../../../shared/calendar'
import { type MerchantFormat, useMerchantFormat } from '../../../shared/use-merchant-format'
import { ListEmpty } from '../../../ui/list/list-empty'
import { openLabel } from '../../../ui/open-value'
import { PageData } from '../../../ui/page-data'
import { PageHeader } from '../../../ui/page-header'
import { insightsQueryOptions } from '../api/insights-queries'
import { type ChartRow, channelChart, programChart } from '../chart-data'
import { type InsightsFormat, insightsFormat } from '../format'
import { CHANNEL_LABELS } from '../labels'
import { customRangeSearch, INSIGHT_SEARCH_DEFAULTS, insightsParams, presetOf } from '../search'
import { CHART_HEIGHT, ChartCard } from './chart-card'
import { InsightsFilters } from './insights-filters'
import { KpiCards, KpiSkeletons } from './kpi-cards'

const route = getRouteApi('/_authed/_merchant/data-insights')

export function InsightsPage() {
  const { merchant, programs } = route.useRouteContext()
  return <InsightsView merchant={merchant} programs={programs} />
}

function InsightsView({ merchant, programs }: { merchant: Merchant; programs: readonly Program[] }) {
  const { t, i18n } = useLingui()
  const { api } = useServices()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const money = useMerchantFormat(merchant)
  const format = useMemo(
    () => insightsFormat(money.locale, merchant.currency),
    [money.locale, merchant.currency],
  )

  const params = useMemo(() => insightsParams(search, merchant.timeZone), [search, merchant.timeZone])
  const insights = useQuery(insightsQueryOptions(api, merchant.id, params))
  const data = insights.data
  const busy = insights.isFetching && (insights.isPlaceholderData || !data)
  const zone = useMemo(() => zoneName(merchant.timeZone, i18n.locale), [merchant.timeZone, i18n.locale])

  const period = data ? format.range(data.range.from, data.range.to) : ''
  const previousPeriod = data ? format.range(data.previousRange.from, data.previousRange.to) : ''

  return (
    <>
      <PageHeader
        title={<Trans>Data insights</Trans>}
        description={<Trans>Dates are days in the merchant's time zone: {zone}.</Trans>}
      />
      <Stack gap="md">
        <InsightsFilters
          preset={presetOf(search)}
          range={params}
          interval={params.interval}
          timeZone={merchant.timeZone}
          onPreset={(range) =>
            void navigate({ search: (prev) => ({ ...prev, range, from: undefined, to: undefined }) })
          }
          onCustom={(range) =>
            void navigate({ search: (prev) => ({ ...prev, ...customRangeSearch(range.from, range.to) }) })
          }
          onInterval={(interval) => void navigate({ search: (prev) => ({ ...prev, interval }) })}
        />

        <Text role="status" aria-live="polite" size="sm" c="dimmed" mih={20}>
          {busy ? t`Loading insights…` : data ? t`${period}, compared with ${previousPeriod}` : ''}
        </Text>

        <PageData query={insights} loading={<LoadingFigures />}>
          {(data) =>
            data.totals.attempts === 0 && data.totals.refunds === 0 ? (
              <NoTransactions
                onReset={
                  presetOf(search) === INSIGHT_SEARCH_DEFAULTS.range
                    ? null
                    : () => void navigate({ search: { interval: search.interval } })
                }
              />
            ) : (
              <Box style={{ opacity: insights.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
                <Figures insights={data} programs={programs} money={money} format={format} period={period} />
              </Box>
            )
          }
        </PageData>
      </Stack>
    </>
  )
}

interface FiguresProps {
  insights: Insights
  programs: readonly Program[]
  money: MerchantFormat
  format: InsightsFormat
  period: string
}

function Figures({ insights, programs, money, format, period }: FiguresProps) {
  const { t, i18n } = useLingui()
  const byDay = insights.interval === 'day'
  const names = useMemo(() => new Map(programs.map((program) => [program.id, program.name])), [programs])
  const volume = useMemo(
    () => programChart(insights, 'volume', (id) => names.get(id) ?? t`Program ${id.slice(0, 8)}`),
    [insights, names, t],
  )
  const orders = useMemo(
    () =>
      channelChart(insights, 'orders', (channel: Open<Channel>) => openLabel(i18n, CHANNEL_LABELS, channel)),
    [insights, i18n],
  )
  const rowLabel = useCallback(
    (row: ChartRow) => (byDay ? format.day(row.from) : format.range(row.from, row.to)),
    [byDay, format],
  )
  const axisLabel = useCallback((row: ChartRow) => format.shortDay(row.from), [format])
  const periodHeader = byDay ? t`Day` : t`Week`
  const volumeTitle = t`Sales volume by program`
  const ordersTitle = t`Orders by channel`

  return (
    <Stack gap="md">
      <KpiCards
        totals={insights.totals}
        previousTotals={insights.previousTotals}
        money={money.money}
        format={format}
      />
      <Stack gap="md">
        <ChartCard
          title={volumeTitle}
          description={byDay ? t`Approved orders' amounts per day` : t`Approved orders' amounts per week`}
          kind="area"
          chart={volume}
          caption={t`${volumeTitle}, ${period}`}
          periodHeader={periodHeader}
          rowLabel={rowLabel}
          axisLabel={axisLabel}
          formatValue={money.money}
          formatAxis={format.compactMoney}
        />
        <ChartCard
          title={ordersTitle}
          description={
            byDay
              ? t`Approved orders per day, online and in store`
              : t`Approved orders per week, online and in store`
          }
          kind="bar"
          chart={orders}
          caption={t`${ordersTitle}, ${period}`}
          periodHeader={periodHeader}
          rowLabel={rowLabel}
          axisLabel={axisLabel}
          formatValue={format.count}
          formatAxis={format.count}
        />
      </Stack>
    </Stack>
  )
}

function LoadingFigures() {
  return (
    <Stack gap="md" aria-hidden="true">
      <KpiSkeletons />
      <Skeleton h={CHART_HEIGHT + 80} radius="md" />
      <Skeleton h={CHART_HEIGHT + 80} radius="md" />
    </Stack>
  )
}

function NoTransactions({ onReset }: { onReset: (() => void) | null }) {
  return (
    <ListEmpty
      icon={IconChartBarOff}
      title={<Trans>No transactions in this period</Trans>}
      description={<Trans>Choose other dates to see their figures.</Trans>}
      action={
        onReset ? (
          <Button variant="light" onClick={onReset}>
            <Trans>Show the last 30 days</Trans>
          </Button>
        ) : null
      }
    />
  )
}
