import '../../../ui/mantine-later.css'
import { useLingui } from '@lingui/react/macro'
import { Group, Paper, Skeleton, Stack, Switch, Text, Title, VisuallyHidden } from '@mantine/core'
import { Suspense, useId, useState } from 'react'
import { lazyChunk } from '../../../shared/load-chunk'
import type { ChartModel, ChartRow } from '../chart-data'
import { ChartTable } from './chart-table'
import { loadInsightsCharts } from './load-charts'

const TimeSeriesChart = lazyChunk(() =>
  loadInsightsCharts().then((module) => ({ default: module.TimeSeriesChart })),
)

export const CHART_HEIGHT = 280

interface ChartCardProps {
  title: string
  description: string
  kind: 'area' | 'bar'
  chart: ChartModel
  /** The table's caption: what it lists and over which dates. */
  caption: string
  periodHeader: string
  rowLabel(row: ChartRow): string
  axisLabel(row: ChartRow): string
  formatValue(value: number): string
  formatAxis(value: number): string
}

/**
 * A chart with its table. The table is always there for screen readers (visually hidden under the
 * chart); "Show as table" shows it in place of the chart for everyone else.
 */
export function ChartCard({
  title,
  description,
  kind,
  chart,
  caption,
  periodHeader,
  rowLabel,
  axisLabel,
  formatValue,
  formatAxis,
}: ChartCardProps) {
  const { t } = useLingui()
  const [asTable, setAsTable] = useState(false)
  const headingId = useId()
  const table = (visible: boolean) => (
    <ChartTable
      visible={visible}
      chart={chart}
      caption={caption}
      periodHeader={periodHeader}
      rowLabel={rowLabel}
      formatValue={formatValue}
    />
  )
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        <Switch
          label={t`Show as table`}
          checked={asTable}
          onChange={(event) => setAsTable(event.currentTarget.checked)}
        />
      </Group>
      {asTable ? (
        table(true)
      ) : (
        <>
          <div role="img" aria-label={t`Chart of ${title}; the table that follows lists the same figures.`}>
            <Suspense fallback={<Skeleton h={CHART_HEIGHT} radius="sm" />}>
              <TimeSeriesChart
                kind={kind}
                chart={chart}
                height={CHART_HEIGHT}
                axisLabel={axisLabel}
                formatValue={formatValue}
                formatAxis={formatAxis}
              />
            </Suspense>
          </div>
          <VisuallyHidden>{table(false)}</VisuallyHidden>
        </>
      )}
    </Paper>
  )
}
