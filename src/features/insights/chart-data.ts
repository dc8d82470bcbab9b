import type { Channel } from '../../../contract/programs'
import type { Open } from '../../api/schemas/common'
import type { InsightBucket, Insights } from '../../api/schemas/insights'
import { openColor } from '../../ui/open-value'

export type Measure = 'volume' | 'orders'

export interface ChartSeries {
  /** The key of the series' values in each chart record. */
  key: string
  label: string
  /** A Mantine colour (`blue.6`). */
  color: string
}

export interface ChartRow {
  /** The bucket's first day (a calendar date as a Date at midnight UTC). */
  from: Date
  to: Date
  /** One value per series, in the series' order. */
  values: number[]
  total: number
}

/** One chart's figures: what the chart draws and what its table lists. */
export interface ChartModel {
  series: ChartSeries[]
  rows: ChartRow[]
  /** Per series over the whole range, then the grand total. */
  totals: number[]
}

const PROGRAM_COLORS = ['blue.6', 'orange.6', 'grape.6', 'teal.6', 'pink.6', 'lime.7']
export const CHANNEL_COLORS: Record<Channel, string> = { ECOMM: 'indigo.6', INSTORE: 'teal.6' }

function model(
  series: ChartSeries[],
  buckets: readonly InsightBucket[],
  valuesOf: (bucket: InsightBucket) => readonly { volume: number; orders: number }[],
  measure: Measure,
): ChartModel {
  const totals = new Array<number>(series.length + 1).fill(0)
  const rows = buckets.map((bucket) => {
    const values = series.map((_, index) => valuesOf(bucket)[index]?.[measure] ?? 0)
    const total = values.reduce((sum, value) => sum + value, 0)
    values.forEach((value, index) => {
      totals[index] = (totals[index] ?? 0) + value
    })
    totals[series.length] = (totals[series.length] ?? 0) + total
    return { from: bucket.from, to: bucket.to, values, total }
  })
  return { series, rows, totals }
}

/** The range split by program: one series per program with transactions in it. */
export function programChart(
  insights: Insights,
  measure: Measure,
  programName: (programID: string) => string,
): ChartModel {
  const series = insights.programs.map(({ programID }, index) => ({
    key: `program${index}`,
    label: programName(programID),
    color: PROGRAM_COLORS[index % PROGRAM_COLORS.length] ?? 'blue.6',
  }))
  return model(series, insights.buckets, (bucket) => bucket.programs, measure)
}

/** The range split by channel (online, in store). */
export function channelChart(
  insights: Insights,
  measure: Measure,
  channelName: (channel: Open<Channel>) => string,
): ChartModel {
  const series = insights.channels.map((channel) => ({
    key: channel,
    label: channelName(channel),
    color: openColor(CHANNEL_COLORS, channel),
  }))
  return model(series, insights.buckets, (bucket) => bucket.channels, measure)
}

/** The records a chart library draws: the bucket's label and one number per series key. */
export function chartRecords(
  chart: ChartModel,
  label: (row: ChartRow) => string,
): Record<string, string | number>[] {
  return chart.rows.map((row) => {
    const record: Record<string, string | number> = { label: label(row) }
    chart.series.forEach((series, index) => {
      record[series.key] = row.values[index] ?? 0
    })
    return record
  })
}
