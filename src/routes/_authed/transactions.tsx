import { createFileRoute, redirect, type SearchMiddleware } from '@tanstack/react-router'
import * as v from 'valibot'
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

/**
 * The list the page will show, for the search it is opened with: a deep link's own parameters, a
 * preload's as they are, otherwise the canonical ones (with the stored program selection).
 */
function firstListParams(
  search: TransactionSearch,
  programIds: readonly string[],
  storedSelection: () => readonly string[],
  preload: boolean,
) {
  const canonical =
    preload || search.isDeepLink ? null : canonicalSearch(search, programIds, storedSelection())
  return listParamsFromSearch(canonical ?? search)
}

export const Route = createFileRoute('/_authed/transactions')({
  validateSearch: transactionSearchSchema,
  staticData: {
    // The first rows start alongside the shell's last request. A filter change ('stay') leaves the
    // fetching to the table's query, which cancels a superseded request.
    withShell: ({ context: { queryClient, services }, merchantId, programIds, search, cause }) => {
      if (cause === 'stay') return
      const params = firstListParams(
        v.parse(transactionSearchSchema, search),
        programIds,
        () => services.storage.getProgramSelection(merchantId, programIds),
        cause === 'preload',
      )
      void queryClient.prefetchQuery(transactionListQueryOptions(services.api, merchantId, params))
    },
  },
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
  loaderDeps: ({ search }) => ({ tx: search.tx }),
  // The first rows were started with the shell (staticData.withShell); nothing here waits for them:
  // the heading, the filters and the loading line show at once, the rows follow (or the 'Oops...'
  // box, under the filters, when they cannot be read).
  loader: ({ context: { queryClient, services, merchant }, deps }) => {
    if (merchant && deps.tx) {
      void queryClient.prefetchQuery(transactionQueryOptions(services.api, merchant.id, deps.tx))
    }
  },
  component: TransactionsRoute,
})

/** The transactions page with its in-store area: virtual card issuance, for those who may issue. */
function TransactionsRoute() {
  return <TransactionsPage inStore={<InstoreVirtualCards />} />
}
