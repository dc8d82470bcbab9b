import { type IsoDate, todayIn } from '../../../shared/calendar'

/** `Acme Outdoor` → `acme-outdoor`: safe in a file name on every system. */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return slug || 'merchant'
}

/** `acme-outdoor-transactions-2026-11-22.csv`, dated in the merchant's time zone. */
export function exportFileName(merchant: { name: string; timeZone: string }, today?: IsoDate): string {
  return `${fileSlug(merchant.name)}-transactions-${today ?? todayIn(merchant.timeZone)}.csv`
}
