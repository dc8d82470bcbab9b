import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Text } from '@mantine/core'
import { IconDownload } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import { formatNumber } from '../../../i18n/format'
import { supportedLocale } from '../../../i18n/locales'
import { useServices } from '../../../services/services-context'
import { saveFile } from '../../../shared/save-file'
import { activityCsv, activityFileName } from './activity-csv'
import { allActivity } from './activity-queries'
import type { ActivityListParams } from './activity-search'

type ExportState = { step: 'idle' } | { step: 'running'; done: number; total: number } | { step: 'failed' }

/** Exports the entries matching the filters, every page of them, as a CSV file. */
export function ActivityExportButton({
  merchant,
  params,
  disabled,
}: {
  merchant: { id: string; name: string; timeZone: string }
  params: ActivityListParams
  disabled: boolean
}) {
  const { t, i18n } = useLingui()
  const locale = supportedLocale(i18n.locale)
  const { api } = useServices()
  const [state, setState] = useState<ExportState>({ step: 'idle' })
  const running = useRef<AbortController | null>(null)
  // Leaving the page stops an export under way.
  useEffect(() => () => running.current?.abort(), [])

  const start = async () => {
    const controller = new AbortController()
    running.current = controller
    setState({ step: 'running', done: 0, total: 0 })
    try {
      const entries = await allActivity(api, merchant, params, controller.signal, (done, total) =>
        setState({ step: 'running', done, total }),
      )
      const text = activityCsv(entries, merchant.timeZone, i18n)
      saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), activityFileName(merchant))
      setState({ step: 'idle' })
    } catch {
      if (!controller.signal.aborted) setState({ step: 'failed' })
    }
  }

  return (
    <Group gap="sm" wrap="wrap">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden="true" />}
        loading={state.step === 'running'}
        disabled={disabled}
        onClick={() => void start()}
      >
        <Trans>Export CSV</Trans>
      </Button>
      <Text size="sm" role="status" c={state.step === 'failed' ? 'red.8' : undefined}>
        {state.step === 'running' && state.total > 0
          ? t`Exported ${formatNumber(state.done, locale)} of ${formatNumber(state.total, locale)} entries…`
          : state.step === 'failed'
            ? t`The export failed. Try again.`
            : ''}
      </Text>
    </Group>
  )
}
