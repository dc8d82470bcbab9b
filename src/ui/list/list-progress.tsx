import { useLingui } from '@lingui/react/macro'
import { Box, Text } from '@mantine/core'
import { formatNumber } from '../../i18n/format'
import { supportedLocale } from '../../i18n/locales'
import classes from './list-progress.module.css'
import type { PageRange } from './page-range'

/**
 * The line above a list, read out politely: what is loading, or which items are shown. A thin bar runs
 * above it while a new page loads; the previous rows stay readable underneath.
 */
export function ListProgress({
  busy,
  loading,
  loadingText,
  range,
}: {
  /** Shows the bar. */
  busy: boolean
  /** Shows `loadingText` in place of the range. */
  loading: boolean
  loadingText: string
  /** The items shown, or null to say nothing. */
  range: PageRange | null
}) {
  const { t, i18n } = useLingui()
  const locale = supportedLocale(i18n.locale)
  let text = ''
  if (loading) {
    text = loadingText
  } else if (range) {
    const first = formatNumber(range.first, locale)
    const last = formatNumber(range.last, locale)
    const totalText = formatNumber(range.total, locale)
    text = t`Showing ${first}–${last} of ${totalText}`
  }
  return (
    <Box pos="relative">
      <div className={busy ? `${classes.bar} ${classes.busy}` : classes.bar} aria-hidden="true" />
      <Text role="status" aria-live="polite" size="sm" c="dimmed" style={{ minHeight: 20 }}>
        {text}
      </Text>
    </Box>
  )
}
