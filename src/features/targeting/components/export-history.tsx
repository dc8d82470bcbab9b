import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import type { TargetingExport } from '../../../api/schemas/targeting-exports'
import { ListPagination } from '../../../ui/list/list-pagination'
import { TableScrollContainer } from '../../../ui/list/table-scroll-container'
import { useListCards } from '../../../ui/list/use-list-cards'
import type { ExportFormat } from '../format'
import { ExportStatusBadge } from './export-status-badge'

interface ExportHistoryProps {
  items: readonly TargetingExport[]
  page: number
  pageCount: number
  busy: boolean
  format: ExportFormat
  programNames: ReadonlyMap<string, string>
  /** The export whose file is being fetched, if any. */
  downloadingId: string | null
  onPage(page: number): void
  onDownload(job: TargetingExport): void
}

/** Past exports, newest first: what was asked for, by whom, how it ended, and the file when there is one. */
export function ExportHistory({
  items,
  page,
  pageCount,
  busy,
  format,
  programNames,
  downloadingId,
  onPage,
  onDownload,
}: ExportHistoryProps) {
  const { t } = useLingui()
  const cards = useListCards()
  return (
    <>
      {cards ? (
        <ExportCards
          items={items}
          busy={busy}
          format={format}
          programNames={programNames}
          downloadingId={downloadingId}
          onDownload={onDownload}
        />
      ) : (
        <TableScrollContainer minWidth={820} tabIndex={0} role="region" aria-label={t`Past exports`}>
          <Table
            striped
            verticalSpacing="xs"
            aria-busy={busy}
            style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 120ms' }}
          >
            <caption>
              <VisuallyHidden>
                {t`Past exports, newest first; page ${format.number(page)} of ${format.number(pageCount)}`}
              </VisuallyHidden>
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Requested`}</Table.Th>
                <Table.Th>{t`Program`}</Table.Th>
                <Table.Th>{t`Purchase dates`}</Table.Th>
                <Table.Th>{t`Status`}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t`Customers`}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t`File`}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((job) => {
                const from = format.calendarDate(job.from)
                const to = format.calendarDate(job.to)
                return (
                  <Table.Tr key={job.id}>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {format.dateTime(job.createdAt)}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {t`by ${job.requestedBy}`}
                      </Text>
                    </Table.Td>
                    <Table.Td miw={140}>
                      <Text size="sm" lineClamp={2}>
                        {programNames.get(job.programID) ?? t`Other program`}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{t`${from} to ${to}`}</Table.Td>
                    <Table.Td miw={170}>
                      <Stack gap={2} align="flex-start">
                        <ExportStatusBadge status={job.status} />
                        {job.status === 'RUNNING' ? (
                          <Text size="xs" c="dimmed">
                            {format.number(job.progress)}%
                          </Text>
                        ) : null}
                        {job.status === 'FAILED' && job.failureReason ? (
                          <Text size="xs" c="dimmed" lineClamp={3} maw={240} title={job.failureReason}>
                            {job.failureReason}
                          </Text>
                        ) : null}
                      </Stack>
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                      {job.rowCount === null ? (
                        <>
                          <Text span c="dimmed" aria-hidden="true">
                            —
                          </Text>
                          <VisuallyHidden>{t`Not known yet`}</VisuallyHidden>
                        </>
                      ) : (
                        format.number(job.rowCount)
                      )}
                    </Table.Td>
                    <Table.Td>
                      {job.status === 'READY' ? (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconDownload size={14} aria-hidden="true" />}
                          loading={downloadingId === job.id}
                          aria-label={t`Download the export requested ${format.dateTime(job.createdAt)}`}
                          onClick={() => onDownload(job)}
                        >
                          <Trans>Download</Trans>
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
        </TableScrollContainer>
      )}
      {pageCount > 1 ? (
        <Group justify="flex-end" p="sm">
          <ListPagination page={page} pageCount={pageCount} onChange={onPage} />
        </Group>
      ) : null}
    </>
  )
}

/** A phone's list: one card per export with its outcome and file, nothing to scroll sideways. */
function ExportCards({
  items,
  busy,
  format,
  programNames,
  downloadingId,
  onDownload,
}: Pick<ExportHistoryProps, 'items' | 'busy' | 'format' | 'programNames' | 'downloadingId' | 'onDownload'>) {
  const { t } = useLingui()
  return (
    <Stack
      component="ul"
      gap={0}
      p={0}
      m={0}
      aria-label={t`Past exports`}
      aria-busy={busy}
      style={{ listStyle: 'none', opacity: busy ? 0.6 : 1 }}
    >
      {items.map((job) => {
        const from = format.calendarDate(job.from)
        const to = format.calendarDate(job.to)
        return (
          <Box
            component="li"
            key={job.id}
            p="sm"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {programNames.get(job.programID) ?? t`Other program`}
                </Text>
                <Text size="xs" c="dimmed">
                  {t`Purchases ${from} to ${to}`}
                </Text>
                <Text size="xs" c="dimmed">
                  {t`Requested ${format.dateTime(job.createdAt)} by ${job.requestedBy}`}
                </Text>
              </div>
              <ExportStatusBadge status={job.status} />
            </Group>
            {job.status === 'FAILED' && job.failureReason ? (
              <Text size="xs" c="dimmed" mt={4}>
                {job.failureReason}
              </Text>
            ) : null}
            {job.status === 'RUNNING' ? (
              <Text size="xs" c="dimmed" mt={4}>
                {format.number(job.progress)}%
              </Text>
            ) : null}
            {job.status === 'READY' ? (
              <Group justify="space-between" mt={6} gap="xs">
                <Text size="sm">
                  {t`${plural(job.rowCount ?? 0, { one: '# customer', other: '# customers' })}`}
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconDownload size={14} aria-hidden="true" />}
                  loading={downloadingId === job.id}
                  aria-label={t`Download the export requested ${format.dateTime(job.createdAt)}`}
                  onClick={() => onDownload(job)}
                >
                  <Trans>Download</Trans>
                </Button>
              </Group>
            ) : null}
          </Box>
        )
      })}
    </Stack>
  )
}
