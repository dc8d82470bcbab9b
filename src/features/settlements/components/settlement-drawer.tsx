import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Drawer, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useRef, useState } from 'react'
import type { Merchant } from '../../../api/schemas/merchants'
import type { Settlement, SettlementEntry } from '../../../api/schemas/settlements'
import { formatNumber } from '../../../i18n/format'
import { useServices } from '../../../services/services-context'
import { saveTextFile } from '../../../shared/save-file'
import { AnchorLink } from '../../../ui/anchor-link'
import { ErrorBox } from '../../../ui/error-box'
import { ListPagination } from '../../../ui/list/list-pagination'
import { ListTable } from '../../../ui/list/list-table'
import { openLabel } from '../../../ui/open-value'
import { allSettlementEntries, settlementEntriesQueryOptions } from '../api/settlement-queries'
import type { ReportFormat } from '../format'
import { ENTRY_TYPE_LABELS } from '../labels'
import { entriesCsv, entriesFileName } from '../settlements-csv'
import { SettlementStatusBadge } from './settlement-status-badge'

export const ENTRY_PAGE_SIZE = 25
const HOUR = 60 * 60 * 1000

interface SettlementDrawerProps {
  /** The settlement in the URL (`?settlement=`); undefined closes the drawer. */
  id: string | undefined
  /** Its row when the report lists it, so the drawer opens with its figures at once. */
  listed: Settlement | undefined
  merchant: Merchant
  programNames: ReadonlyMap<string, string>
  format: ReportFormat
  onClose(): void
}

export function SettlementDrawer({ id, listed, onClose, ...rest }: SettlementDrawerProps) {
  const { t } = useLingui()
  const { api } = useServices()
  // The drawer keeps showing the last settlement while it slides out.
  const shown = useRef(id)
  if (id) shown.current = id
  const current = id ?? shown.current
  // A link to a settlement outside the range: its first page (the one the body shows) names its date.
  const first = useQuery({
    ...settlementEntriesQueryOptions(api, rest.merchant.id, current ?? '', 1, ENTRY_PAGE_SIZE),
    enabled: current !== undefined && listed === undefined,
  })
  const settlement = listed ?? first.data?.settlement
  const date = settlement ? rest.format.calendarDate(settlement.date) : null
  return (
    <Drawer
      opened={id !== undefined}
      onClose={onClose}
      position="right"
      size="xl"
      title={date ? t`Settlement of ${date}` : t`Settlement`}
      closeButtonProps={{ 'aria-label': t`Close settlement details` }}
    >
      {current ? <DrawerBody key={current} id={current} listed={listed} {...rest} /> : null}
    </Drawer>
  )
}

function Figure({ label, value }: { label: ReactNode; value: string }) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Paper>
  )
}

function DrawerBody({
  id,
  listed,
  merchant,
  programNames,
  format,
}: Omit<SettlementDrawerProps, 'onClose'> & { id: string }) {
  const { t } = useLingui()
  const { api } = useServices()
  const queryClient = useQueryClient()
  const [page, setPage] = useState(1)
  const [saving, setSaving] = useState<'idle' | 'saving' | 'failed'>('idle')
  const entries = useQuery(settlementEntriesQueryOptions(api, merchant.id, id, page, ENTRY_PAGE_SIZE))
  const answer = entries.data
  const settlement = answer?.settlement ?? listed

  if (entries.isError && !answer) {
    return <ErrorBox error={entries.error} onRetry={async () => void (await entries.refetch())} />
  }

  const download = async () => {
    setSaving('saving')
    try {
      const all = await allSettlementEntries(queryClient, api, merchant.id, id)
      saveTextFile(entriesCsv(id, all, merchant.timeZone), entriesFileName(id))
      setSaving('idle')
    } catch {
      setSaving('failed')
    }
  }

  const total = answer?.pagination.total ?? 0
  const pageCount = Math.max(1, Math.ceil(total / ENTRY_PAGE_SIZE))
  const busy = entries.isFetching && entries.isPlaceholderData

  return (
    <Stack gap="md">
      {settlement ? <Facts settlement={settlement} format={format} /> : <Skeleton height={120} />}

      <Group justify="space-between" align="center" gap="sm">
        <Text fw={600} component="h3" fz="md" m={0}>
          <Trans>Sales and refunds</Trans>
        </Text>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden="true" />}
          loading={saving === 'saving'}
          disabled={!answer || total === 0}
          onClick={() => void download()}
        >
          <Trans>Download transactions CSV</Trans>
        </Button>
      </Group>
      {saving === 'failed' ? (
        <Text size="sm" c="red.8" role="alert">
          <Trans>The file could not be downloaded. Try again.</Trans>
        </Text>
      ) : null}

      {answer ? (
        <EntriesTable
          items={answer.items}
          busy={busy}
          format={format}
          programNames={programNames}
          caption={t`Sales and refunds in this settlement, oldest first; page ${formatNumber(page, format.locale)} of ${formatNumber(pageCount, format.locale)}`}
        />
      ) : (
        <Stack gap="xs" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={28} />
          ))}
        </Stack>
      )}
      {entries.isError ? (
        <ErrorBox error={entries.error} onRetry={async () => void (await entries.refetch())} />
      ) : null}
      {pageCount > 1 ? (
        <Group justify="flex-end">
          <ListPagination page={page} pageCount={pageCount} onChange={setPage} />
        </Group>
      ) : null}
    </Stack>
  )
}

function Facts({ settlement, format }: { settlement: Settlement; format: ReportFormat }) {
  const hours = Math.round((settlement.periodEnd.getTime() - settlement.periodStart.getTime()) / HOUR)
  const start = format.dateTime(settlement.periodStart)
  const end = format.dateTime(settlement.periodEnd)
  const payout = format.calendarDate(settlement.payoutDate)
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <SettlementStatusBadge status={settlement.status} />
        <Text size="sm">
          {settlement.status === 'PAID' ? (
            <Trans>Paid out on {payout}</Trans>
          ) : (
            <Trans>Payout expected on {payout}</Trans>
          )}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {hours === 24 ? (
          <Trans>
            Covers {start} to {end}.
          </Trans>
        ) : (
          <Trans>
            Covers {start} to {end}: a {hours}-hour day, because the clocks changed.
          </Trans>
        )}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Figure label={<Trans>Settled</Trans>} value={format.money(settlement.amounts.settled)} />
        <Figure label={<Trans>Refunded</Trans>} value={format.money(settlement.amounts.refunded)} />
        <Figure label={<Trans>Fees</Trans>} value={format.money(settlement.amounts.fees)} />
        <Figure label={<Trans>Net</Trans>} value={format.money(settlement.amounts.net)} />
      </SimpleGrid>
    </Stack>
  )
}

const numeric = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const

function EntriesTable({
  items,
  busy,
  format,
  programNames,
  caption,
}: {
  items: readonly SettlementEntry[]
  busy: boolean
  format: ReportFormat
  programNames: ReadonlyMap<string, string>
  caption: string
}) {
  const { t, i18n } = useLingui()
  return (
    <ListTable
      label={t`Sales and refunds`}
      caption={caption}
      minWidth={640}
      busy={busy}
      verticalSpacing={6}
      fz="sm"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t`Time`}</Table.Th>
          <Table.Th>{t`Transaction`}</Table.Th>
          <Table.Th>{t`Customer`}</Table.Th>
          <Table.Th>{t`Type`}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t`Amount`}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t`Fee`}</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>{t`Net`}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((entry) => (
          <Table.Tr key={`${entry.transactionId}-${entry.type}-${entry.at.getTime()}`}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.time(entry.at)}</Table.Td>
            <Table.Td>
              <AnchorLink
                to="/transactions"
                search={{ tx: entry.transactionId }}
                ff="monospace"
                fz="sm"
                style={{ whiteSpace: 'nowrap' }}
              >
                {entry.transactionId}
              </AnchorLink>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {programNames.get(entry.programID) ?? t`Other program`}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={1}>
                {entry.customerName}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {entry.orderId}
              </Text>
            </Table.Td>
            <Table.Td>{openLabel(i18n, ENTRY_TYPE_LABELS, entry.type)}</Table.Td>
            <Table.Td style={numeric}>{format.money(entry.amount)}</Table.Td>
            <Table.Td style={numeric}>{format.money(entry.fee)}</Table.Td>
            <Table.Td style={numeric}>{format.money(entry.net)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ListTable>
  )
}
