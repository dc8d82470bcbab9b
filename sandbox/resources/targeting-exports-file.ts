import { dateIn, dayRangeIn } from '../shared/calendar'
import { writeCsv } from '../shared/csv'
import type { ExportJob } from './targeting-exports-jobs'
import type { MerchantLedger } from './transactions-ledger'

/*
 * What an export's file holds. A customer (one email address) is eligible for a range and a program
 * when they opted in to the merchant's marketing and made at least one approved (not declined)
 * purchase in that program within the range's calendar days in the merchant's time zone. Opt-in is a
 * fixed fact per merchant and email, drawn from a hash, so the same customers are eligible on every
 * run. Names go into the file as the customers typed them (sandbox/shared/csv.ts says why).
 */

const OPT_IN_PERCENT = 42

/** Cents as a plain decimal amount with two decimals (`125050` → `1250.50`), for a spreadsheet to add up. */
function decimalAmount(cents: number): string {
  return (cents / 100).toFixed(2)
}

function hash(text: string): number {
  let value = 2_166_136_261
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i)
    value = Math.imul(value, 16_777_619)
  }
  return value >>> 0
}

/** Whether a customer agreed to hear from the merchant: fixed per merchant and email. */
export function hasOptedIn(merchantID: string, email: string): boolean {
  return hash(`opt-in ${merchantID} ${email}`) % 100 < OPT_IN_PERCENT
}

export function customerReference(merchantID: string, email: string): string {
  return `CU-${hash(`customer ${merchantID} ${email}`).toString(16).toUpperCase().padStart(8, '0')}`
}

interface EligibleCustomer {
  reference: string
  name: string
  email: string
  orders: number
  spent: number
  first: number
  last: number
}

/** The job's customers, by name then email. */
export function eligibleCustomers(ledger: MerchantLedger, job: ExportJob): EligibleCustomer[] {
  const { start, end } = dayRangeIn(job.from, job.to, ledger.timeZone)
  const byEmail = new Map<string, EligibleCustomer>()
  for (const record of ledger.records) {
    if (record.createdAt < start || record.createdAt >= end) continue
    if (record.programID !== job.programID || record.status === 'DECLINED') continue
    if (!hasOptedIn(job.merchantID, record.customerEmail)) continue
    const known = byEmail.get(record.customerEmail)
    if (known) {
      known.orders += 1
      known.spent += record.authorized
      known.first = Math.min(known.first, record.createdAt)
      known.last = Math.max(known.last, record.createdAt)
    } else {
      byEmail.set(record.customerEmail, {
        reference: customerReference(job.merchantID, record.customerEmail),
        name: record.customerName,
        email: record.customerEmail,
        orders: 1,
        spent: record.authorized,
        first: record.createdAt,
        last: record.createdAt,
      })
    }
  }
  return [...byEmail.values()].sort(
    (a, b) => a.name.localeCompare(b.name, 'en') || a.email.localeCompare(b.email, 'en'),
  )
}

export const EXPORT_CSV_HEADER = [
  'customer_id',
  'name',
  'email',
  'program_id',
  'orders',
  'total_spent_usd',
  'first_order_date',
  'last_order_date',
  'last_order_at_utc',
  'time_zone',
] as const

/** The file: dates are calendar dates in the merchant's time zone, with the last order's UTC instant too. */
export function exportCsv(ledger: MerchantLedger, job: ExportJob): { rows: number; content: string } {
  const customers = eligibleCustomers(ledger, job)
  const rows = customers.map((customer) => [
    customer.reference,
    customer.name,
    customer.email,
    job.programID,
    customer.orders,
    decimalAmount(customer.spent),
    dateIn(customer.first, ledger.timeZone),
    dateIn(customer.last, ledger.timeZone),
    new Date(customer.last).toISOString(),
    ledger.timeZone,
  ])
  return { rows: rows.length, content: writeCsv(EXPORT_CSV_HEADER, rows) }
}

export function exportFileName(job: ExportJob): string {
  return `targeting-export-${job.from}-to-${job.to}-${job.id.slice(0, 8)}.csv`
}
