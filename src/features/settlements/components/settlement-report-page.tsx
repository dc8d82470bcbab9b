import '../../../ui/mantine-later.css'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Box, Button, Group, Paper, Progress, Skeleton, Stack, Text } from '@mantine/core'
import { IconCalendarExclamation, IconDownload, IconReceiptOff } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useMemo } from 'react'
import { SETTLEMENT_MAX_DAYS } from '../../../../contract/settlements'
import type { Merchant } from '../../../api/schemas/merchants'
import { formatNumber } from '../../../i18n/format'
import { useServices } from '../../../services/services-context'
import { asRequestDate, toFilterDate, zoneName } from '../../../shared/calendar'
import { saveTextFile } from '../../../shared/save-file'
import { DateRangeFilter } from '../../../ui/date-range-filter'
import { UnreadableNote } from '../../../ui/list/unreadable-note'
import { useListCards } from '../../../ui/list/use-list-cards'
import { PageData } from '../../../ui/page-data'
import { PageHeader } from '../../../ui/page-header'
import { settlementReportQueryOptions } from '../api/settlement-queries'
import { useReportFormat } from '../format'
import { rangeDays } from '../range'
import { rangeFromSearch } from '../search'
import { settlementsCsv, settlementsFileName } from '../settlements-csv'
import { SettlementDrawer } from './settlement-drawer'
import { SettlementTotals } from './settlement-totals'
import { SettlementCards, SettlementsTable } from './settlements-table'

const route = getRouteApi('/_authed/_merchant/settlement-report')

export function SettlementReportPage() {
  const { merchant, programs } = route.useRouteContext()
  const programNames = useMemo(
    () => new Map(programs.map((program) => [program.id, program.name])),
    [programs],
  )
  return <SettlementReportView key={merchant.id} merchant={merchant} programNames={programNames} />
}

function SettlementReportView({
  merchant,
  programNames,
}: {
  merchant: Merchant
  programNames: ReadonlyMap<string, string>
}) {
  const { t, i18n } = useLingui()
  const { api } = useServices()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const format = useReportFormat(merchant)
  const cards = useListCards()

  const range = useMemo(
    () => rangeFromSearch({ from: search.from, to: search.to }, merchant.timeZone),
    [search.from, search.to, merchant.timeZone],
  )
  const days = rangeDays(range)
  // Too long a range is never sent: the platform would refuse it, and the message here says why first.
  const tooLong = days > SETTLEMENT_MAX_DAYS
  const report = useQuery({
    ...settlementReportQueryOptions(api, merchant.id, range),
    enabled: !tooLong,
  })
  const data = tooLong ? undefined : report.data
  const busy = report.isFetching && (report.isPlaceholderData || !data)
  const zone = useMemo(() => zoneName(merchant.timeZone, i18n.locale), [merchant.timeZone, i18n.locale])
  const from = format.calendarDate(asRequestDate(range.from))
  const to = format.calendarDate(asRequestDate(range.to))
  const maxDays = formatNumber(SETTLEMENT_MAX_DAYS, format.locale)
  const chosenDays = formatNumber(days, format.locale)

  return (
    <>
      <PageHeader
        title={<Trans>Settlement report</Trans>}
        description={
          <Trans>
            Money settled and refunded each day, paid out on the next business day. Dates are in the
            merchant's time zone: {zone}.
          </Trans>
        }
        actions={
          <Button
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            variant="default"
            // The rows of the previous range stay on screen while the new ones load; they are not this file.
            disabled={!data || data.items.length === 0 || report.isPlaceholderData}
            onClick={() => {
              if (data) saveTextFile(settlementsCsv(data), settlementsFileName(range))
            }}
          >
            <Trans>Download CSV</Trans>
          </Button>
        }
      />
      <Stack gap="md">
        <Group role="search" aria-label={t`Filter settlements`} align="flex-end" gap="sm">
          <DateRangeFilter
            from={range.from}
            to={range.to}
            timeZone={merchant.timeZone}
            onChange={(next) =>
              void navigate({
                search: (prev) => ({
                  ...prev,
                  from: next.from ? toFilterDate(next.from) : undefined,
                  to: next.to ? toFilterDate(next.to) : undefined,
                  settlement: undefined,
                }),
              })
            }
          />
        </Group>

        {tooLong ? (
          <Alert
            color="orange"
            variant="light"
            role="alert"
            icon={<IconCalendarExclamation aria-hidden="true" />}
            title={<Trans>This range is too long</Trans>}
          >
            <Trans>
              A settlement report covers at most {maxDays} days, and the range you chose has {chosenDays}.
              Choose a shorter range, or download a longer period in parts.
            </Trans>
          </Alert>
        ) : (
          <Box pos="relative">
            <Progress
              value={100}
              animated
              size={3}
              radius={0}
              aria-hidden="true"
              style={{
                position: 'absolute',
                insetInline: 0,
                top: -6,
                visibility: busy ? 'visible' : 'hidden',
              }}
            />
            <Text role="status" aria-live="polite" size="sm" c="dimmed" style={{ minHeight: 20 }}>
              {busy
                ? t`Loading settlements…`
                : data
                  ? t`${plural(data.totals.settlements, { one: '# settlement', other: '# settlements' })} from ${from} to ${to}`
                  : ''}
            </Text>
          </Box>
        )}

        {tooLong ? null : (
          <PageData query={report} loading={<LoadingReport />}>
            {(shown) => (
              <>
                <SettlementTotals totals={shown.totals} format={format} />
                <UnreadableNote count={shown.unreadable} />
                {shown.items.length === 0 ? (
                  <Paper withBorder radius="md" p="xl">
                    <Stack align="center" gap="xs">
                      <IconReceiptOff size={32} aria-hidden="true" />
                      <Text fw={600}>
                        <Trans>No settlements in this range</Trans>
                      </Text>
                      <Text size="sm" c="dimmed" ta="center">
                        <Trans>A day has a settlement once money is settled or refunded on it.</Trans>
                      </Text>
                    </Stack>
                  </Paper>
                ) : (
                  <Paper withBorder radius="md">
                    {cards ? (
                      <SettlementCards items={shown.items} busy={busy} format={format} />
                    ) : (
                      <SettlementsTable
                        items={shown.items}
                        busy={busy}
                        format={format}
                        caption={t`Settlements from ${from} to ${to}, newest first`}
                      />
                    )}
                  </Paper>
                )}
              </>
            )}
          </PageData>
        )}
      </Stack>

      <SettlementDrawer
        id={search.settlement}
        listed={data?.items.find((item) => item.id === search.settlement)}
        merchant={merchant}
        programNames={programNames}
        format={format}
        onClose={() =>
          void navigate({ search: (prev) => ({ ...prev, settlement: undefined }), replace: true })
        }
      />
    </>
  )
}

function LoadingReport() {
  return (
    <Stack gap="md" aria-hidden="true">
      <Group grow gap="sm">
        {[0, 1, 2, 3].map((card) => (
          <Skeleton key={card} height={78} radius="md" />
        ))}
      </Group>
      <Skeleton height={280} radius="md" />
    </Stack>
  )
}
