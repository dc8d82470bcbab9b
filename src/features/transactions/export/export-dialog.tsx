import '../../../ui/mantine-later.css'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Checkbox, Group, Modal, Progress, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconAlertCircle, IconDownload } from '@tabler/icons-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useAlerts } from '../../../alerts/alert-host'
import type { Merchant } from '../../../api/schemas/merchants'
import type { TransactionListItem } from '../../../api/schemas/transactions'
import { formatNumber } from '../../../i18n/format'
import { supportedLocale } from '../../../i18n/locales'
import { useServices } from '../../../services/services-context'
import { saveFile } from '../../../shared/save-file'
import type { TransactionListParams } from '../list-params'
import {
  createCsvWriter,
  DEFAULT_EXPORT_COLUMNS,
  EXPORT_COLUMNS,
  type ExportColumnId,
  type ExportContext,
} from './columns'
import { CSV_BOM } from './csv'
import { exportFileName } from './file-name'
import { exportPages, selectedPages } from './pager'

export interface ExportDialogProps {
  opened: boolean
  onClose(): void
  merchant: Merchant
  /** The list's parameters now: the export covers exactly these filters, in this order. */
  params: TransactionListParams
  /** How many match, as the table last counted; null while it loads. */
  total: number | null
  programNames: ReadonlyMap<string, string>
  /** The rows selected in the list: the file holds them alone, in the order they were selected. */
  rows?: readonly TransactionListItem[]
}

type Run =
  | { state: 'idle' }
  | { state: 'running'; done: number; total: number | null }
  | { state: 'cancelled' }
  | { state: 'failed' }

const isColumnId = (value: string): value is ExportColumnId =>
  EXPORT_COLUMNS.some((column) => column.id === value)

/**
 * Exports the transactions the table shows (all pages of them) as a CSV file: the columns the user
 * ticks, dates on the merchant's clock beside UTC. Pages arrive one request at a time, so the page
 * stays usable and the progress is real; Cancel aborts the request in flight.
 */
export default function ExportDialog({
  opened,
  onClose,
  merchant,
  params,
  total,
  programNames,
  rows,
}: ExportDialogProps) {
  const { t, i18n } = useLingui()
  const { api, log } = useServices()
  const alerts = useAlerts()
  const locale = supportedLocale(i18n.locale)
  const [chosen, setChosen] = useState<ExportColumnId[]>(() => [...DEFAULT_EXPORT_COLUMNS])
  const [run, setRun] = useState<Run>({ state: 'idle' })
  const controller = useRef<AbortController | null>(null)
  const context: ExportContext = useMemo(
    () => ({ timeZone: merchant.timeZone, programNames, i18n }),
    [merchant.timeZone, programNames, i18n],
  )

  // Leaving the page (or the merchant) stops an export that is still running.
  useEffect(() => () => controller.current?.abort(), [])

  const running = run.state === 'running'

  function cancel() {
    controller.current?.abort()
  }

  function close() {
    // Forgotten first, so the run that stops answers nothing more to a dialog that was closed.
    const stopping = controller.current
    controller.current = null
    stopping?.abort()
    setRun({ state: 'idle' })
    onClose()
  }

  async function start() {
    if (running || chosen.length === 0) return
    const abort = new AbortController()
    controller.current = abort
    setRun({ state: 'running', done: 0, total })
    const writer = createCsvWriter(chosen, context)
    const chunks = [CSV_BOM, writer.header()]
    let count = 0
    let failed = false
    const leftOut: number[] = []
    try {
      const pages = rows
        ? selectedPages(rows)
        : exportPages({ api, merchantId: merchant.id, params, signal: abort.signal })
      for await (const page of pages) {
        chunks.push(writer.rows(page.items))
        leftOut.push(...page.leftOut)
        count = page.done
        setRun({ state: 'running', done: page.done, total: page.total })
      }
    } catch (error) {
      failed = !abort.signal.aborted
      if (failed) log('error', 'Transaction export failed', { error })
    }
    if (controller.current !== abort) return
    controller.current = null
    if (failed || abort.signal.aborted) {
      setRun({ state: failed ? 'failed' : 'cancelled' })
      return
    }
    const name = exportFileName(merchant)
    saveFile(new Blob(chunks, { type: 'text/csv;charset=utf-8' }), name)
    const saved = t`Saved ${plural(count, { one: '# transaction', other: '# transactions' })} in ${name}.`
    if (leftOut.length === 0) alerts.show({ status: 'SUCCESS', message: saved })
    else {
      // Never a silently short file: the rows that could not be read are named, and logged.
      log('error', 'Transaction export left out unreadable rows', { positions: leftOut.slice(0, 50) })
      const rows = `${leftOut.slice(0, 10).join(', ')}${leftOut.length > 10 ? ', …' : ''}`
      alerts.show({
        status: 'ERROR',
        duration: 0,
        message: [
          saved,
          t`${plural(leftOut.length, {
            one: `# transaction could not be read and was left out of the file (row ${rows}).`,
            other: `# transactions could not be read and were left out of the file (rows ${rows}).`,
          })}`,
        ],
      })
    }
    setRun({ state: 'idle' })
    onClose()
  }

  const zone = merchant.timeZone
  const progress =
    run.state === 'running' && run.total !== null && run.total > 0
      ? Math.min(100, Math.round((run.done / run.total) * 100))
      : 0
  const doneText = run.state === 'running' ? formatNumber(run.done, locale) : ''
  const runTotal = run.state === 'running' ? run.total : null

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={rows ? t`Export selected transactions` : t`Export transactions`}
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm">
          {rows ? (
            t`${plural(rows.length, {
              one: 'The file will hold the # selected transaction.',
              other: 'The file will hold the # selected transactions.',
            })}`
          ) : total === null ? (
            <Trans>The file will hold every transaction that matches the current filters.</Trans>
          ) : (
            t`${plural(total, {
              one: '# transaction matches the current filters.',
              other: '# transactions match the current filters.',
            })}`
          )}{' '}
          {rows ? (
            <Trans>Dates are in the merchant's time zone ({zone}) and in UTC.</Trans>
          ) : (
            <Trans>
              They are listed in the table's order, with dates in the merchant's time zone ({zone}) and in
              UTC.
            </Trans>
          )}
        </Text>

        <Checkbox.Group
          label={t`Columns`}
          value={chosen}
          onChange={(values) => setChosen(values.filter(isColumnId))}
          error={chosen.length === 0 ? t`Choose at least one column.` : undefined}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
            {EXPORT_COLUMNS.map((column) => (
              <Checkbox key={column.id} value={column.id} label={column.label(context)} disabled={running} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={running}
            onClick={() => setChosen(EXPORT_COLUMNS.map((column) => column.id))}
          >
            <Trans>Select all columns</Trans>
          </Button>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={running}
            onClick={() => setChosen([...DEFAULT_EXPORT_COLUMNS])}
          >
            <Trans>Default columns</Trans>
          </Button>
        </Group>

        {run.state === 'running' ? (
          <Stack gap={4}>
            <Progress value={progress} aria-label={t`Export progress`} animated={runTotal === null} />
            <Text size="sm" role="status" aria-live="polite">
              {runTotal === null
                ? t`Exporting…`
                : t`${doneText} of ${plural(runTotal, { one: '# transaction', other: '# transactions' })}`}
            </Text>
          </Stack>
        ) : null}
        {run.state === 'cancelled' ? (
          <Text size="sm" role="status">
            <Trans>Export cancelled. No file was saved.</Trans>
          </Text>
        ) : null}
        {run.state === 'failed' ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            <Trans>The export stopped because a page of transactions could not be loaded. Try again.</Trans>
          </Alert>
        ) : null}

        <Group justify="flex-end" gap="sm">
          {running ? (
            <Button variant="default" onClick={cancel}>
              <Trans>Cancel export</Trans>
            </Button>
          ) : (
            <Button variant="default" onClick={close}>
              <Trans>Close</Trans>
            </Button>
          )}
          <Button
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            onClick={() => void start()}
            loading={running}
            disabled={chosen.length === 0}
          >
            {run.state === 'failed' ? <Trans>Try again</Trans> : <Trans>Export CSV</Trans>}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
