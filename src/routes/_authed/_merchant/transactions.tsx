import { createFileRoute, redirect, type SearchMiddleware } from '@tanstack/react-router'
import * as v from 'valibot'
import { isDeepLink } from '../../../deep-link/deep-link'
import {
  transactionListQueryOptions,
  transactionQueryOptions,
} from '../../../features/transactions/api/transaction-queries'
import { TransactionsPage } from '../../../features/transactions/components/transactions-page'
import {
  canonicalSearch,
  listParamsFromSearch,
  SEARCH_DEFAULTS,
  type TransactionSearch,
  transactionSearchSchema,
} from '../../../features/transactions/search'
import { InstoreVirtualCards } from '../../../features/virtual-cards/components/instore-virtual-cards'
import { guard } from '../../../guards/guard'
import type { TypedStorage } from '../../../storage/storage'

const allowed = guard('transactions')

/**
 * Default values are left out of the addresses the portal writes. A deep link not applied yet (the
 * one a signed-out user comes back to) keeps its own parameters as they were sent (searchType
 * included, which the contract lists even at its default).
 */
const keepDeepLinks: SearchMiddleware<TransactionSearch> = ({ search, next }) => {
  const result: Partial<TransactionSearch> = { ...next(search) }
  const deepLink = isDeepLink(result)
  for (const [key, value] of Object.entries(SEARCH_DEFAULTS)) {
    const name = key as keyof typeof SEARCH_DEFAULTS
    if (result[name] === value && !(deepLink && name === 'searchType')) delete result[name]
  }
  return result as TransactionSearch
}

/**
 * The address the page opens at instead of `search`, or null to keep it: the stored program selection
 * written in, so that the address bar always says what the table shows. A deep link reaches the page
 * only while its merchant could not be taken on (the merchant layout replaces an applied one): it
 * stays as opened, for the guard to try again; a preload changes no address.
 */
function canonicalOpening(
  search: TransactionSearch,
  programIds: readonly string[],
  storage: TypedStorage,
  merchantId: string,
  preload: boolean,
): TransactionSearch | null {
  if (preload || isDeepLink(search)) return null
  return canonicalSearch(search, programIds, storage.getProgramSelection(merchantId, programIds))
}

export const Route = createFileRoute('/_authed/_merchant/transactions')({
  validateSearch: transactionSearchSchema,
  staticData: {
    // The first rows start alongside the shell's last request. A filter change ('stay') leaves the
    // fetching to the table's query, which cancels a superseded request.
    withShell: ({ context: { queryClient, services }, merchantId, programIds, search, cause }) => {
      if (cause === 'stay') return
      const opened = v.parse(transactionSearchSchema, search)
      const canonical = canonicalOpening(
        opened,
        programIds,
        services.storage,
        merchantId,
        cause === 'preload',
      )
      const params = listParamsFromSearch(canonical ?? opened)
      void queryClient.prefetchQuery(transactionListQueryOptions(services.api, merchantId, params))
    },
  },
  search: { middlewares: [keepDeepLinks] },
  beforeLoad: ({ context, search, preload }) => {
    allowed({ context })
    const programIds = context.programs.map((program) => program.id)
    const { storage } = context.services
    const canonical = canonicalOpening(search, programIds, storage, context.merchant.id, preload)
    if (canonical) throw redirect({ to: '/transactions', search: canonical, replace: true })
  },
  loaderDeps: ({ search }) => ({ tx: search.tx }),
  // The first rows were started with the shell (staticData.withShell); nothing here waits for them:
  // the heading, the filters and the loading line show at once, the rows follow (or the 'Oops...'
  // box, under the filters, when they cannot be read).
  loader: ({ context: { queryClient, services, merchant }, deps }) => {
    if (deps.tx) {
      void queryClient.prefetchQuery(transactionQueryOptions(services.api, merchant.id, deps.tx))
    }
  },
  component: TransactionsRoute,
})

/** The transactions page with its in-store area: virtual card issuance, for those who may issue. */
function TransactionsRoute() {
  return <TransactionsPage inStore={<InstoreVirtualCards />} />
}
