import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ActivityChange, ActivityEntry } from '../../../api/schemas/activity'
import { todayIn } from '../../../shared/calendar'
import { openLabel } from '../../../ui/open-value'
import { zonedClock } from '../../transactions/export/columns'
import { CSV_BOM, csvRow } from '../../transactions/export/csv'
import { fileSlug } from '../../transactions/export/file-name'
import { ACTIVITY_KIND_LABELS, ACTIVITY_TARGET_LABELS } from './activity-labels'

/** One change as one line of text: `status: AUTHORIZED → SETTLED`, `name: → Nia` for something new. */
export function changeText({ field, before, after }: ActivityChange): string {
  return `${field}: ${before ?? ''} → ${after ?? ''}`
}

/**
 * The entries as a CSV file (byte-order mark, CRLF lines), through the transactions export's writer:
 * every cell escaped, and kept from running as a formula (a name such as `=HYPERLINK(…)` stays text).
 */
export function activityCsv(entries: readonly ActivityEntry[], timeZone: string, i18n: I18n): string {
  const clock = zonedClock(timeZone)
  const header = [
    i18n._(msg`Time (${timeZone})`),
    i18n._(msg`Time (UTC)`),
    i18n._(msg`Actor`),
    i18n._(msg`Actor email`),
    i18n._(msg`Kind`),
    i18n._(msg`Kind code`),
    i18n._(msg`Target`),
    i18n._(msg`Target ID`),
    i18n._(msg`Target name`),
    i18n._(msg`Changes`),
  ]
  const rows = entries.map((entry) =>
    csvRow([
      clock.local(entry.at),
      entry.at.toISOString(),
      entry.actor.name ?? '',
      entry.actor.email,
      openLabel(i18n, ACTIVITY_KIND_LABELS, entry.kind),
      entry.kind,
      openLabel(i18n, ACTIVITY_TARGET_LABELS, entry.target.type),
      entry.target.id,
      entry.target.label ?? '',
      entry.changes.map(changeText).join('; '),
    ]),
  )
  return [CSV_BOM, csvRow(header), ...rows].join('')
}

/** `acme-outdoor-activity-2026-11-27.csv`, dated in the merchant's time zone. */
export function activityFileName(merchant: { name: string; timeZone: string }): string {
  return `${fileSlug(merchant.name)}-activity-${todayIn(merchant.timeZone)}.csv`
}
