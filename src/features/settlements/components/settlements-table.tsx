import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Box, Group, Stack, Table, Text } from '@mantine/core'
import type { Settlement } from '../../../api/schemas/settlements'
import { formatNumber } from '../../../i18n/format'
import { AnchorLink } from '../../../ui/anchor-link'
import { ListTable } from '../../../ui/list/list-table'
import type { ReportFormat } from '../format'
import { SettlementStatusBadge } from './settlement-status-badge'

const numeric = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const

interface SettlementsTableProps {
  items: readonly Settlement[]
  caption: string
  busy: boolean
  format: ReportFormat
}

/** A settlement's date, which opens the drawer with its transactions (`?settlement=`). */
function SettlementDateLink({ id, date }: { id: string; date: string }) {
  const { t } = useLingui()
  return (
    <AnchorLink
      to="/settlement-report"
      search={(prev) => ({ ...prev, settlement: id })}
      fz="sm"
      fw={600}
      aria-label={t`${date}: view this settlement's transactions`}
    >
      {date}
    </AnchorLink>
  )
}

/** One row per daily batch, newest first; the date opens the batch's transactions. */
export function SettlementsTable({ items, caption, busy, format }: SettlementsTableProps) {
  const { t } = useLingui()
  return (
    <ListTable
      label={t`Settlements`}
      caption={caption}
      minWidth={860}
      busy={busy}
      highlightOnHover
      verticalSpacing="xs"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t`Date`}</Table.Th>
          <Table.Th>{t`Status`}</Table.Th>
          <Table.Th>{t`Payout`}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t`Transactions`}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t`Settled`}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t`Refunded`}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t`Fees`}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t`Net`}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((settlement) => {
          const date = format.calendarDate(settlement.date)
          return (
            <Table.Tr key={settlement.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <SettlementDateLink id={settlement.id} date={date} />
              </Table.Td>
              <Table.Td>
                <SettlementStatusBadge status={settlement.status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {format.calendarDate(settlement.payoutDate)}
              </Table.Td>
              <Table.Td style={numeric}>{formatNumber(settlement.entryCount, format.locale)}</Table.Td>
              <Table.Td style={numeric}>{format.money(settlement.amounts.settled)}</Table.Td>
              <Table.Td style={numeric}>{format.money(settlement.amounts.refunded)}</Table.Td>
              <Table.Td style={numeric}>{format.money(settlement.amounts.fees)}</Table.Td>
              <Table.Td style={numeric}>
                <Text span fz="sm" fw={700}>
                  {format.money(settlement.amounts.net)}
                </Text>
              </Table.Td>
            </Table.Tr>
          )
        })}
      </Table.Tbody>
    </ListTable>
  )
}

/** A phone's list: one card per settlement with its net first, nothing to scroll sideways. */
export function SettlementCards({ items, busy, format }: Omit<SettlementsTableProps, 'caption'>) {
  const { t } = useLingui()
  return (
    <Stack
      component="ul"
      gap={0}
      p={0}
      m={0}
      aria-label={t`Settlements`}
      aria-busy={busy}
      style={{ listStyle: 'none', opacity: busy ? 0.6 : 1 }}
    >
      {items.map((settlement) => {
        const date = format.calendarDate(settlement.date)
        const payout = format.calendarDate(settlement.payoutDate)
        const { settled, refunded, fees, net } = settlement.amounts
        return (
          <Box
            component="li"
            key={settlement.id}
            p="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <SettlementDateLink id={settlement.id} date={date} />
              <Text fw={700} style={numeric}>
                {format.money(net)}
              </Text>
            </Group>
            <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
              <SettlementStatusBadge status={settlement.status} />
              <Text size="xs" c="dimmed">
                {t`Payout ${payout} · ${plural(settlement.entryCount, { one: '# transaction', other: '# transactions' })}`}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {t`Settled ${format.money(settled)} · refunded ${format.money(refunded)} · fees ${format.money(fees)}`}
            </Text>
          </Box>
        )
      })}
    </Stack>
  )
}
