import '../../../ui/mantine-later.css'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react'
import type { TargetingExport } from '../../../api/schemas/targeting-exports'
import { ErrorBox } from '../../../ui/error-box'
import type { ExportFormat } from '../format'
import { ExportStatusBadge } from './export-status-badge'

interface ExportProgressProps {
  job: TargetingExport | undefined
  /** Why following the export failed, when it did and nothing is known of it. */
  error: unknown
  programName: string
  format: ExportFormat
  downloading: boolean
  onRetry(): Promise<void>
  onDownload(job: TargetingExport): void
  onRequestAgain(job: TargetingExport): void
}

/** The export just requested: its bar while the platform builds it, then the file or what went wrong. */
export function ExportProgress({
  job,
  error,
  programName,
  format,
  downloading,
  onRetry,
  onDownload,
  onRequestAgain,
}: ExportProgressProps) {
  const { t } = useLingui()
  if (!job) return error ? <ErrorBox error={error} onRetry={onRetry} /> : null

  const from = format.calendarDate(job.from)
  const to = format.calendarDate(job.to)
  const running = job.status === 'QUEUED' || job.status === 'RUNNING'

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="current-export-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} size="h4" id="current-export-title">
            <Trans>
              {programName}, {from} to {to}
            </Trans>
          </Title>
          <ExportStatusBadge status={job.status} />
        </Group>

        {job.status !== 'FAILED' ? (
          <Progress
            value={job.progress}
            size="lg"
            radius="sm"
            animated={running}
            color={job.status === 'READY' ? 'teal' : undefined}
            aria-label={t`Export progress`}
          />
        ) : null}

        {/* Announced when the status changes, not at every percent (the bar carries those). */}
        <Text size="sm" role="status" aria-live="polite">
          {job.status === 'QUEUED' ? <Trans>Waiting for the platform to start your export…</Trans> : null}
          {job.status === 'RUNNING' ? (
            <Trans>Building the file. You can leave this page; the export keeps going.</Trans>
          ) : null}
          {job.status === 'READY'
            ? t`Ready: ${plural(job.rowCount ?? 0, { one: '# customer', other: '# customers' })}.`
            : null}
          {job.status === 'FAILED' ? <Trans>The export failed.</Trans> : null}
        </Text>
        {job.status === 'RUNNING' ? (
          <Text size="xs" c="dimmed" aria-hidden="true">
            {format.number(job.progress)}%
          </Text>
        ) : null}

        {job.status === 'FAILED' ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
            <Stack gap="xs">
              <Text size="sm">{job.failureReason ?? t`The export failed.`}</Text>
              <Group>
                <Button size="xs" color="red" onClick={() => onRequestAgain(job)}>
                  <Trans>Request it again</Trans>
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}

        {job.status === 'READY' ? (
          <Group>
            <Button
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              loading={downloading}
              onClick={() => onDownload(job)}
            >
              <Trans>Download CSV</Trans>
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  )
}
