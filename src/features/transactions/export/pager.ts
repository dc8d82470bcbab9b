import type { ApiClient } from '../../../api/client'
import {
  TRANSACTION_PAGE_LIMIT,
  type TransactionListItem,
  TransactionPageSchema,
} from '../../../api/schemas/transactions'
import { listQuery } from '../api/transaction-queries'
import type { TransactionListParams } from '../search'

export interface ExportPage {
  /** This page's transactions, none of them seen on an earlier page. */
  items: TransactionListItem[]
  /** Transactions delivered so far, this page included. */
  done: number
  /** How many match the filters, as the platform counted with this page. */
  total: number
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
 * show a row twice; a row already delivered is skipped.
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
      await api.request(TransactionPageSchema, '/api/transactions', {
        query: { ...query, limit, offset },
        signal,
      })
    ).data
    const items = page.items.filter((item) => !seen.has(item.id))
    for (const item of items) seen.add(item.id)
    offset += page.items.length
    const last = page.items.length < limit || offset >= page.pagination.total
    yield { items, done: seen.size, total: last ? seen.size : page.pagination.total }
    if (last) return
  }
}
