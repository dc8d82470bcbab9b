import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Paper, Text } from '@mantine/core'
import { IconFileExport } from '@tabler/icons-react'
import { Suspense, useEffect, useRef, useState } from 'react'
import type { Abilities } from '../../../access/abilities'
import type { Merchant } from '../../../api/schemas/merchants'
import { formatNumber } from '../../../i18n/format'
import { supportedLocale } from '../../../i18n/locales'
import { useServices } from '../../../services/services-context'
import { lazyChunk } from '../../../shared/load-chunk'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { exportPages } from '../export/pager'
import type { TransactionListParams } from '../list-params'
import classes from './bulk.module.css'
import type { BulkAction } from './bulk-plan'
import { type BulkSelection, MAX_SELECTION } from './selection'

const loadDialog = () => import('./bulk-dialog')
const BulkDialog = lazyChunk(loadDialog)
const loadExport = () => import('../export/export-dialog')
const ExportDialog = lazyChunk(loadExport)

export interface BulkBarProps {
  selection: BulkSelection
  merchant: Merchant
  abilities: Pick<Abilities, BulkAction>
  format: MerchantFormat
  /** The list's parameters: "Select all matching" selects what they match. */
  params: TransactionListParams
  /** How many transactions match the filters. */
  total: number
  programNames: ReadonlyMap<string, string>
}

type Open = { kind: 'action'; action: BulkAction } | { kind: 'export' } | null

/**
 * The selection's count and what to do with the selected rows: settle or cancel them, export them,
 * clear the selection, or select every row that matches (up to MAX_SELECTION).
 */
export default function BulkBar({
  selection,
  merchant,
  abilities,
  format,
  params,
  total,
  programNames,
}: BulkBarProps) {
  const { t, i18n } = useLingui()
  const { api, log } = useServices()
  const locale = supportedLocale(i18n.locale)
  const [open, setOpen] = useState<Open>(null)
  const [fetching, setFetching] = useState(false)
  const [fetchFailed, setFetchFailed] = useState(false)
  const fetch = useRef<AbortController | null>(null)
  const count = selection.items.size

  // Leaving the page, or the filters (which clear the selection), stops the fetch.
  useEffect(() => () => fetch.current?.abort(), [])
  useEffect(() => {
    if (selection.clearedByFilters) fetch.current?.abort()
  }, [selection.clearedByFilters])

  async function selectAllMatching() {
    const controller = new AbortController()
    fetch.current = controller
    setFetching(true)
    setFetchFailed(false)
    try {
      for await (const page of exportPages({
        api,
        merchantId: merchant.id,
        params,
        signal: controller.signal,
      })) {
        selection.add(page.items)
      }
    } catch (error) {
      if (!controller.signal.aborted) {
        log('error', 'Selecting every matching transaction failed', { error })
        setFetchFailed(true)
      }
    }
    if (fetch.current === controller) setFetching(false)
  }

  const totalText = formatNumber(total, locale)
  const limitText = formatNumber(MAX_SELECTION, locale)
  const actions: { action: BulkAction; label: string }[] = [
    { action: 'settle', label: t`Settle selected` },
    { action: 'cancel', label: t`Cancel selected` },
  ]

  if (count === 0) {
    return (
      <Text size="sm" c="dimmed" role="status">
        <Trans>The filters changed, so the selection was cleared.</Trans>
      </Text>
    )
  }
  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      className={classes.bar}
      component="section"
      aria-label={t`Bulk actions`}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={700} role="status" aria-live="polite">
          {t`${plural(count, { one: '# selected', other: '# selected' })}`}
        </Text>
        <Group gap="xs" wrap="wrap">
          {actions
            .filter(({ action }) => abilities[action])
            .map(({ action, label }) => (
              <Button
                key={action}
                size="xs"
                color={action === 'settle' ? undefined : 'red.8'}
                variant={action === 'settle' ? 'filled' : 'outline'}
                aria-haspopup="dialog"
                onPointerEnter={() => void loadDialog()}
                onFocus={() => void loadDialog()}
                onClick={() => setOpen({ kind: 'action', action })}
              >
                {label}
              </Button>
            ))}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileExport size={14} aria-hidden="true" />}
            aria-haspopup="dialog"
            onClick={() => setOpen({ kind: 'export' })}
          >
            <Trans>Export selected</Trans>
          </Button>
          <Button size="xs" variant="subtle" onClick={selection.clear}>
            <Trans>Clear selection</Trans>
          </Button>
        </Group>
      </Group>
      {count < total ? (
        <Group gap="xs" mt={6}>
          {total <= MAX_SELECTION ? (
            <Button
              size="compact-sm"
              variant="subtle"
              loading={fetching}
              onClick={() => void selectAllMatching()}
            >
              {t`Select all ${totalText} matching`}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>
                {totalText} transactions match. Select all works up to {limitText}: narrow the filters to
                select them all.
              </Trans>
            </Text>
          )}
          {fetchFailed ? (
            <Text size="sm" c="red.8" role="alert">
              <Trans>The matching transactions could not be loaded. Try again.</Trans>
            </Text>
          ) : null}
        </Group>
      ) : null}
      {open?.kind === 'action' ? (
        <Suspense fallback={null}>
          <BulkDialog
            action={open.action}
            items={[...selection.items.values()]}
            merchantId={merchant.id}
            abilities={abilities}
            format={format}
            onClose={(done) => {
              selection.remove(done)
              setOpen(null)
            }}
          />
        </Suspense>
      ) : null}
      {open?.kind === 'export' ? (
        <Suspense fallback={null}>
          <ExportDialog
            opened
            onClose={() => setOpen(null)}
            merchant={merchant}
            params={params}
            total={count}
            programNames={programNames}
            rows={[...selection.items.values()]}
          />
        </Suspense>
      ) : null}
    </Paper>
  )
}
