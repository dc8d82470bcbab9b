import { createFileRoute, redirect, type SearchMiddleware } from '@tanstack/react-router'
import {
  transactionListQueryOptions,
  transactionQueryOptions,
} from '../../features/transactions/api/transaction-queries'
import { TransactionsPage } from '../../features/transactions/components/transactions-page'
import {
  canonicalSearch,
  listParamsFromSearch,
  SEARCH_DEFAULTS,
  type TransactionSearch,
  transactionSearchSchema,
} from '../../features/transactions/search'
import { InstoreVirtualCards } from '../../features/virtual-cards/components/instore-virtual-cards'
import { guard } from '../../guards/guard'

const allowed = guard('transactions')

/**
 * Default values are left out of the addresses the portal writes. A deep link keeps its own
 * parameters as they were sent (searchType included, which the contract lists even at its default).
 */
const keepDeepLinks: SearchMiddleware<TransactionSearch> = ({ search, next }) => {
  const result: Partial<TransactionSearch> = { ...next(search) }
  for (const [key, value] of Object.entries(SEARCH_DEFAULTS)) {
    const name = key as keyof typeof SEARCH_DEFAULTS
    if (result[name] === value && !(result.isDeepLink && name === 'searchType')) delete result[name]
  }
  return result as TransactionSearch
}

export const Route = createFileRoute('/_authed/transactions')({
  validateSearch: transactionSearchSchema,
  search: { middlewares: [keepDeepLinks] },
  beforeLoad: ({ context, search, preload }) => {
    allowed({ context })
    // A deep link stays exactly as it was opened (its sender may bookmark or share it again); its
    // parameters already say what the table shows.
    if (preload || !context.merchant || search.isDeepLink) return
    // Otherwise the stored program selection is written into the URL, so that the address bar
    // always says what the table shows.
    const programIds = context.programs.map((program) => program.id)
    const stored = context.services.storage.getProgramSelection(context.merchant.id, programIds)
    const canonical = canonicalSearch(search, programIds, stored)
    if (canonical) throw redirect({ to: '/transactions', search: canonical, replace: true })
  },
  loaderDeps: ({ search }) => ({ list: listParamsFromSearch(search), tx: search.tx }),
  loader: ({ context: { queryClient, services, merchant }, deps, cause }) => {
    if (!merchant) return
    if (deps.tx) void queryClient.prefetchQuery(transactionQueryOptions(services.api, merchant.id, deps.tx))
    // A filter change on the page keeps the current rows on screen and lets the table's query fetch
    // (and cancel) the new ones.
    if (cause === 'stay') return
    // Entering the page starts its first rows here but does not wait for them: the heading, the
    // filters and the loading line show at once, the rows follow (or the 'Oops...' box, under the
    // filters, when they cannot be read).
    void queryClient.prefetchQuery(transactionListQueryOptions(services.api, merchant.id, deps.list))
  },
  component: TransactionsRoute,
})

/** The transactions page with its in-store area: virtual card issuance, for those who may issue. */
function TransactionsRoute() {
  return <TransactionsPage inStore={<InstoreVirtualCards />} />
}
