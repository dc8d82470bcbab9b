import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Channel } from '../../../../contract/programs'
import { TRANSACTION_STATUSES, type TransactionStatus } from '../../../../contract/transactions'
import type { TransactionListItem } from '../../../api/schemas/transactions'
import { plainAmount } from '../../../shared/money'
import { knownEntry } from '../../../ui/open-value'
import { STATUS_LABELS } from '../labels'
import { csvRow } from './csv'

export const EXPORT_COLUMN_IDS = [
  'dateLocal',
  'dateUtc',
  'id',
  'orderId',
  'customerName',
  'customerEmail',
  'program',
  'programId',
  'channel',
  'status',
  'currency',
  'authorized',
  'settled',
  'refunded',
  'remaining',
  'expiresLocal',
] as const
export type ExportColumnId = (typeof EXPORT_COLUMN_IDS)[number]

/** What the cells are written with: the merchant's time zone, program names, the active locale. */
export interface ExportContext {
  timeZone: string
  programNames: ReadonlyMap<string, string>
  i18n: I18n
}

export interface ExportColumn {
  id: ExportColumnId
  /** The heading in the file and the name in the column picker. */
  label(context: ExportContext): string
  value(item: TransactionListItem, context: ExportContext, prepared: Prepared): string
  /** Chosen when the dialog opens. */
  byDefault: boolean
}

/** What every row needs, worked out once per export rather than once per cell. */
interface Prepared {
  clock: ZonedClock
  status: Record<TransactionStatus, string>
  channel: Record<Channel, string>
}

/**
 * Timestamps as spreadsheets read them (`2026-03-08 01:59:59`), on the merchant's wall clock: the
 * dates merchants reconcile by. The UTC column says which instant an ambiguous hour (the one a
 * daylight-saving change repeats) was.
 */
export interface ZonedClock {
  local(date: Date): string
}

export function zonedClock(timeZone: string): ZonedClock {
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
  return {
    local(date) {
      const part: Record<string, string> = {}
      for (const { type, value } of formatter.formatToParts(date)) part[type] = value
      return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`
    },
  }
}

/** An instant in UTC, ISO 8601 (`2026-03-08T08:59:59.000Z`). */
function utcTimestamp(date: Date): string {
  return date.toISOString()
}

/** Amounts as plain decimals (`1250.00`): no symbol, no grouping, so a spreadsheet can add them up. */
const amount = (cents: number) => plainAmount(cents)

export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  {
    id: 'dateLocal',
    label: ({ i18n, timeZone }) => i18n._(msg`Date (${timeZone})`),
    value: (item, _context, { clock }) => clock.local(item.createdAt),
    byDefault: true,
  },
  {
    id: 'dateUtc',
    label: ({ i18n }) => i18n._(msg`Date (UTC)`),
    value: (item) => utcTimestamp(item.createdAt),
    byDefault: true,
  },
  {
    id: 'id',
    label: ({ i18n }) => i18n._(msg`Transaction ID`),
    value: (item) => item.id,
    byDefault: true,
  },
  {
    id: 'orderId',
    label: ({ i18n }) => i18n._(msg`Order ID`),
    value: (item) => item.orderId,
    byDefault: true,
  },
  {
    id: 'customerName',
    label: ({ i18n }) => i18n._(msg`Customer name`),
    value: (item) => item.customer.name,
    byDefault: true,
  },
  {
    id: 'customerEmail',
    label: ({ i18n }) => i18n._(msg`Customer email`),
    value: (item) => item.customer.email,
    byDefault: true,
  },
  {
    id: 'program',
    label: ({ i18n }) => i18n._(msg`Program`),
    // A program that is no longer active has no name here; its id still tells it apart.
    value: (item, { programNames }) => programNames.get(item.programID) ?? item.programID,
    byDefault: true,
  },
  {
    id: 'programId',
    label: ({ i18n }) => i18n._(msg`Program ID`),
    value: (item) => item.programID,
    byDefault: false,
  },
  {
    id: 'channel',
    label: ({ i18n }) => i18n._(msg`Channel`),
    value: (item, _context, { channel }) => knownEntry(channel, item.channel) ?? item.channel,
    byDefault: false,
  },
  {
    id: 'status',
    label: ({ i18n }) => i18n._(msg`Status`),
    value: (item, _context, { status }) => knownEntry(status, item.status) ?? item.status,
    byDefault: true,
  },
  {
    id: 'currency',
    label: ({ i18n }) => i18n._(msg`Currency`),
    value: (item) => item.currency,
    byDefault: true,
  },
  {
    id: 'authorized',
    label: ({ i18n }) => i18n._(msg`Authorized amount`),
    value: (item) => amount(item.amounts.authorized),
    byDefault: true,
  },
  {
    id: 'settled',
    label: ({ i18n }) => i18n._(msg`Settled amount`),
    value: (item) => amount(item.amounts.settled),
    byDefault: true,
  },
  {
    id: 'refunded',
    label: ({ i18n }) => i18n._(msg`Refunded amount`),
    value: (item) => amount(item.amounts.refunded),
    byDefault: true,
  },
  {
    id: 'remaining',
    label: ({ i18n }) => i18n._(msg`Remaining amount`),
    value: (item) => amount(item.amounts.remaining),
    byDefault: false,
  },
  {
    id: 'expiresLocal',
    label: ({ i18n, timeZone }) => i18n._(msg`Authorization expires (${timeZone})`),
    value: (item, _context, { clock }) => clock.local(item.expiresAt),
    byDefault: false,
  },
]

export const DEFAULT_EXPORT_COLUMNS: readonly ExportColumnId[] = EXPORT_COLUMNS.filter(
  (column) => column.byDefault,
).map((column) => column.id)

/**
 * Writes transactions as CSV records in the chosen columns, always in the table's column order
 * whatever order they were ticked in.
 */
export function createCsvWriter(chosen: readonly ExportColumnId[], context: ExportContext) {
  const columns = EXPORT_COLUMNS.filter((column) => chosen.includes(column.id))
  const { i18n } = context
  const prepared: Prepared = {
    clock: zonedClock(context.timeZone),
    status: Object.fromEntries(
      TRANSACTION_STATUSES.map((status) => [status, i18n._(STATUS_LABELS[status])]),
    ) as Record<TransactionStatus, string>,
    channel: { ECOMM: i18n._(msg`Online`), INSTORE: i18n._(msg`In store`) },
  }
  return {
    header: (): string => csvRow(columns.map((column) => column.label(context))),
    rows: (items: readonly TransactionListItem[]): string =>
      items.map((item) => csvRow(columns.map((column) => column.value(item, context, prepared)))).join(''),
  }
}
