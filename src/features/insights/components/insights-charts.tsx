// Loaded with React.lazy (see chart-card.tsx): recharts and the chart styles stay out of every other
// page's code, and out of this page's until its figures are drawn.
import '@mantine/charts/styles.css'
import { AreaChart, BarChart } from '@mantine/charts'
import { useMemo } from 'react'
import { type ChartModel, type ChartRow, chartRecords } from '../chart-data'

export interface TimeSeriesChartProps {
  kind: 'area' | 'bar'
  chart: ChartModel
  height: number
  /** The bucket as the x-axis names it. */
  axisLabel(row: ChartRow): string
  /** A value as the tooltip shows it. */
  formatValue(value: number): string
  /** A value as the y-axis shows it (shorter). */
  formatAxis(value: number): string
}

/** A stacked chart of the range's buckets, one colour per series, with a legend. */
export function TimeSeriesChart({
  kind,
  chart,
  height,
  axisLabel,
  formatValue,
  formatAxis,
}: TimeSeriesChartProps) {
  const data = useMemo(() => chartRecords(chart, axisLabel), [chart, axisLabel])
  const series = chart.series.map(({ key, label, color }) => ({ name: key, label, color }))
  const shared = {
    h: height,
    data,
    dataKey: 'label',
    series,
    type: 'stacked' as const,
    valueFormatter: formatValue,
    withLegend: true,
    legendProps: { verticalAlign: 'bottom' as const, height: 44 },
    // The table that follows the chart is its keyboard and screen-reader view; the chart takes no focus.
    accessibilityLayer: false,
    tickLine: 'y' as const,
    gridAxis: 'y' as const,
    yAxisProps: { tickFormatter: formatAxis, width: 64 },
    xAxisProps: { minTickGap: 16 },
    tooltipAnimationDuration: 150,
  }
  return kind === 'area' ? (
    <AreaChart {...shared} curveType="linear" withDots={false} fillOpacity={0.4} />
  ) : (
    <BarChart {...shared} maxBarWidth={40} />
  )
}
