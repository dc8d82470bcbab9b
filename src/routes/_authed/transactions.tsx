import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router'
import {
  transactionListQueryOptions,
  transactionQueryOptions,
} from '../../features/transactions/api/transaction-queries'
import { TransactionsPage } from '../../features/transactions/components/transactions-page'
import {
  canonicalSearch,
  listParamsFromSearch,
  SEARCH_DEFAULTS,
  transactionSearchSchema,
} from '../../features/transactions/search'
import { guard } from '../../guards/guard'

const allowed = guard('transactions')

export const Route = createFileRoute('/_authed/transactions')({
  validateSearch: transactionSearchSchema,
  search: { middlewares: [stripSearchParams(SEARCH_DEFAULTS)] },
  beforeLoad: ({ context, search, preload }) => {
    allowed({ context })
    if (preload || !context.merchant) return
    // A deep link's one-off parameters become the filters they stand for, and the stored program
    // selection is written into the URL, so the address bar always says what the table shows.
    const programIds = context.programs.map((program) => program.id)
    const stored = context.services.storage.getProgramSelection(context.merchant.id, programIds)
    const canonical = canonicalSearch(search, programIds, stored)
    if (canonical) throw redirect({ to: '/transactions', search: canonical, replace: true })
  },
  loaderDeps: ({ search }) => ({ list: listParamsFromSearch(search), tx: search.tx }),
  loader: async ({ context: { queryClient, services, merchant }, deps, cause }) => {
    if (!merchant) return
    if (deps.tx) void queryClient.prefetchQuery(transactionQueryOptions(services.api, merchant.id, deps.tx))
    // Entering the page waits for its first rows; a filter change on the page keeps the current rows
    // on screen and lets the table's query fetch (and cancel) the new ones.
    if (cause === 'stay') return
    await queryClient.ensureQueryData(transactionListQueryOptions(services.api, merchant.id, deps.list))
  },
  component: TransactionsPage,
})
