import { TRANSACTION_PAGE_LIMIT } from '../../../../contract/transactions'
import type { ApiClient } from '../../../api/client'
import { type TransactionListItem, TransactionPageReader } from '../../../api/schemas/transactions'
import { listQuery } from '../api/transaction-queries'
import type { TransactionListParams } from '../list-params'

export interface ExportPage {
  /** This page's transactions, none of them seen on an earlier page. */
  items: TransactionListItem[]
  /** Transactions delivered so far, this page included. */
  done: number
  /** How many match the filters, as the platform counted with this page. */
  total: number
  /** Rows of this page that could not be read and are left out: their 1-based positions in the list. */
  leftOut: number[]
}

export interface ExportPagesOptions {
  api: ApiClient
  merchantId: string
  /** The list's own parameters: the export asks for exactly the filters and the sort on screen. */
  params: TransactionListParams
  /** Aborting it cancels the request in flight and asks for no further page. */
  signal: AbortSignal
  /** Rows per request; the platform's largest page unless a test asks for less. */
  limit?: number
}

/**
 * Every transaction matching the list's filters, one page of the platform's largest size at a time,
 * through the list API the table uses (same query, only the offset and the limit differ). One request
 * at a time: the page stays responsive between pages, and the platform is not flooded.
 *
 * Offset paging over a list that changes meanwhile (a new sale on top of a newest-first list) can
 * show a row twice; a row already delivered is skipped. A row the portal cannot read is left out and
 * reported with its position (`leftOut`), and the export goes on: it counts towards the page, so the
 * pages after it are still asked for.
 */
export async function* exportPages({
  api,
  merchantId,
  params,
  signal,
  limit = TRANSACTION_PAGE_LIMIT,
}: ExportPagesOptions): AsyncGenerator<ExportPage> {
  const query = listQuery(merchantId, params)
  const seen = new Set<string>()
  let offset = 0
  for (;;) {
    signal.throwIfAborted()
    const page = (
      await api.request(TransactionPageReader, '/api/transactions', {
        query: { ...query, limit, offset },
        signal,
      })
    ).data
    const items = page.items.filter((item) => !seen.has(item.id))
    for (const item of items) seen.add(item.id)
    const leftOut = page.unreadableAt.map((index) => offset + index + 1)
    const received = page.items.length + page.unreadable
    offset += received
    const last = received < limit || offset >= page.pagination.total
    yield { items, done: seen.size, total: last ? seen.size : page.pagination.total, leftOut }
    if (last) return
  }
}

/** The export of rows already at hand (the rows selected in the list): one page holding them all. */
export async function* selectedPages(rows: readonly TransactionListItem[]): AsyncGenerator<ExportPage> {
  yield { items: [...rows], done: rows.length, total: rows.length, leftOut: [] }
}
