import '../../../ui/mantine-later.css'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconAlertCircle, IconFileOff } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import type { Merchant } from '../../../api/schemas/merchants'
import type { Program } from '../../../api/schemas/programs'
import type { TargetingExport } from '../../../api/schemas/targeting-exports'
import { useServices } from '../../../services/services-context'
import { zoneName } from '../../../shared/calendar'
import { UnreadableNote } from '../../../ui/list/unreadable-note'
import { PageData } from '../../../ui/page-data'
import { PageHeader } from '../../../ui/page-header'
import {
  EXPORT_HISTORY_PAGE_SIZE,
  exportHistoryQueryOptions,
  useDownloadExport,
  useRequestExport,
  useWatchedExport,
} from '../api/targeting-queries'
import { useExportFormat } from '../format'
import { ExportHistory } from './export-history'
import { ExportProgress } from './export-progress'
import { ExportRequestForm } from './export-request-form'

const route = getRouteApi('/_authed/_merchant/targeting-export')

export function TargetingExportPage() {
  const { merchant, programs } = route.useRouteContext()
  // Keyed by merchant: the export being watched belongs to the merchant it was requested for.
  return <TargetingExportView key={merchant.id} merchant={merchant} programs={programs} />
}

function TargetingExportView({ merchant, programs }: { merchant: Merchant; programs: readonly Program[] }) {
  const { t, i18n } = useLingui()
  const { api } = useServices()
  const format = useExportFormat(merchant.timeZone)
  const programNames = useMemo(
    () => new Map(programs.map((program) => [program.id, program.name])),
    [programs],
  )
  const zone = useMemo(() => zoneName(merchant.timeZone, i18n.locale), [merchant.timeZone, i18n.locale])

  const [watchedId, setWatchedId] = useState<string | null>(null)
  const watched = useWatchedExport(merchant.id, watchedId)
  const again = useRequestExport(merchant.id)

  const [page, setPage] = useState(1)
  const history = useQuery(
    exportHistoryQueryOptions(api, merchant.id, page, EXPORT_HISTORY_PAGE_SIZE, watchedId),
  )
  const total = history.data?.pagination.total ?? 0
  const pageCount = Math.max(1, Math.ceil(total / EXPORT_HISTORY_PAGE_SIZE))

  const download = useDownloadExport()
  const downloadingId = download.isPending ? (download.variables ?? null) : null
  const startDownload = (job: TargetingExport) => download.mutate(job.id)

  const requestAgain = (job: TargetingExport) =>
    again.mutate(
      {
        programID: job.programID,
        from: job.from.toISOString().slice(0, 10),
        to: job.to.toISOString().slice(0, 10),
      },
      { onSuccess: (next) => setWatchedId(next.id) },
    )

  return (
    <>
      <PageHeader
        title={<Trans>Targeting export</Trans>}
        description={
          <Trans>
            Download the customers who agreed to hear from you, to reach them with offers. Dates are in the
            merchant's time zone: {zone}.
          </Trans>
        }
      />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="new-export-title">
          <Title order={2} size="h4" mb="sm" id="new-export-title">
            <Trans>New export</Trans>
          </Title>
          {programs.length > 0 ? (
            <ExportRequestForm
              merchantId={merchant.id}
              timeZone={merchant.timeZone}
              programs={programs}
              format={format}
              onRequested={(job) => setWatchedId(job.id)}
            />
          ) : (
            <Text size="sm">
              <Trans>This merchant has no active program, so there are no customers to export.</Trans>
            </Text>
          )}
        </Paper>

        {again.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            <Trans>The export could not be requested again. Try once more in a moment.</Trans>
          </Alert>
        ) : null}

        {watchedId ? (
          <ExportProgress
            job={watched.job}
            error={watched.query.error}
            programName={
              watched.job ? (programNames.get(watched.job.programID) ?? t`Other program`) : t`Export`
            }
            format={format}
            downloading={watched.job !== undefined && downloadingId === watched.job.id}
            onRetry={async () => void (await watched.query.refetch())}
            onDownload={startDownload}
            onRequestAgain={requestAgain}
          />
        ) : null}

        {download.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            <Trans>The file could not be downloaded. Try again.</Trans>
          </Alert>
        ) : null}
        {download.isSuccess ? (
          <Text size="sm" role="status">
            {t`Saved ${download.data.fileName} (${plural(download.data.rowCount, { one: '# customer', other: '# customers' })}).`}
          </Text>
        ) : null}

        <Paper withBorder radius="md" component="section" aria-labelledby="past-exports-title">
          <Title order={2} size="h4" p="md" pb="xs" id="past-exports-title">
            <Trans>Past exports</Trans>
          </Title>
          <PageData
            query={history}
            loading={
              <Stack gap="xs" p="md" pt={0} aria-hidden="true">
                {[0, 1, 2, 3].map((row) => (
                  <Skeleton key={row} height={32} />
                ))}
              </Stack>
            }
          >
            {(past) => (
              <>
                <UnreadableNote count={past.unreadable} />
                {past.items.length === 0 ? (
                  <Stack align="center" gap="xs" p="xl">
                    <IconFileOff size={32} aria-hidden="true" />
                    <Text fw={600}>
                      <Trans>No exports yet</Trans>
                    </Text>
                    <Text size="sm" c="dimmed">
                      <Trans>The exports you request appear here, ready to download again.</Trans>
                    </Text>
                  </Stack>
                ) : (
                  <ExportHistory
                    items={past.items}
                    page={page}
                    pageCount={pageCount}
                    busy={history.isFetching && history.isPlaceholderData}
                    format={format}
                    programNames={programNames}
                    downloadingId={downloadingId}
                    onPage={setPage}
                    onDownload={startDownload}
                  />
                )}
              </>
            )}
          </PageData>
        </Paper>
      </Stack>
    </>
  )
}
