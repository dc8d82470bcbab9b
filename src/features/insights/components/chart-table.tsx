import { Trans } from '@lingui/react/macro'
import { Table } from '@mantine/core'
import { TableScrollContainer } from '../../../ui/list/table-scroll-container'
import type { ChartModel, ChartRow } from '../chart-data'

interface ChartTableProps {
  /**
   * Shown on screen: the table scrolls sideways inside a focusable region on a narrow screen. A
   * visually hidden table never scrolls, so it has no region to focus.
   */
  visible: boolean
  chart: ChartModel
  caption: string
  /** The first column's header: Day or Week. */
  periodHeader: string
  rowLabel(row: ChartRow): string
  formatValue(value: number): string
}

/** A chart's figures as a table: one row per day or week, one column per series, and totals. */
export function ChartTable({
  visible,
  chart,
  caption,
  periodHeader,
  rowLabel,
  formatValue,
}: ChartTableProps) {
  const table = (
    <Table striped highlightOnHover captionSide="top" fz="sm" style={{ whiteSpace: 'nowrap' }}>
      <caption>{caption}</caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{periodHeader}</Table.Th>
          {chart.series.map((series) => (
            <Table.Th key={series.key} scope="col" ta="right">
              {series.label}
            </Table.Th>
          ))}
          <Table.Th scope="col" ta="right">
            <Trans>Total</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {chart.rows.map((row) => (
          <Table.Tr key={row.from.getTime()}>
            <Table.Th scope="row" fw={400}>
              {rowLabel(row)}
            </Table.Th>
            {row.values.map((value, index) => (
              <Table.Td key={chart.series[index]?.key ?? index} ta="right">
                {formatValue(value)}
              </Table.Td>
            ))}
            <Table.Td ta="right">{formatValue(row.total)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row">
            <Trans>Total</Trans>
          </Table.Th>
          {chart.totals.map((total, index) => (
            <Table.Td key={chart.series[index]?.key ?? 'total'} ta="right" fw={600}>
              {formatValue(total)}
            </Table.Td>
          ))}
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  )
  if (!visible) return table
  return (
    <TableScrollContainer minWidth={360} tabIndex={0} role="region" aria-label={caption}>
      {table}
    </TableScrollContainer>
  )
}
