import { msg } from '@lingui/core/macro'
import { IconReceipt } from '@tabler/icons-react'
import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import {
  startListRead,
  transactionQueryOptions,
} from '../../../features/transactions/api/transaction-queries'
import { TransactionsPage } from '../../../features/transactions/components/transactions-page'
import {
  openingSearch,
  stripSearchDefaults,
  transactionSearchSchema,
} from '../../../features/transactions/search'
import { defaultViewOpening } from '../../../features/transactions/views/default-view'
import { InstoreVirtualCards } from '../../../features/virtual-cards/components/instore-virtual-cards'
import { guard } from '../../../guards/guard'
import { lazyChunk } from '../../../shared/load-chunk'
import { startReads } from '../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/transactions')({
  staticData: {
    nav: {
      label: msg`Transactions`,
      order: 10,
      icon: IconReceipt,
      badge: lazyChunk(() => import('../../../features/transactions/components/needs-action-nav-badge')),
    },
  },
  validateSearch: transactionSearchSchema,
  search: { middlewares: [stripSearchDefaults] },
  beforeLoad: guard('transactions'),
  // The loader depends on the open transaction and on the program filter, which decides the address
  // the page opens at: following a link to a plain /transactions from a filtered view opens the stored
  // selection again. Other filters are not dependencies, so changing one keeps this page's match: the
  // page stays on screen and its own query reads the rows (a new match would give way to the loading
  // screen whenever the navigation took longer than the router's pendingMs).
  loaderDeps: ({ search }) => ({ tx: search.tx, programs: search.programs }),
  loader: ({ context: { queryClient, services, merchant, programs }, location, preload }) => {
    const { api, storage, session } = services
    const search = v.parse(transactionSearchSchema, location.search)
    const programIds = programs.map((program) => program.id)
    const openPage = () => {
      // The page opens at the merchant's stored program selection, written into the address.
      const stored = storage.getProgramSelection(merchant.id, programIds)
      const opening = openingSearch(search, programIds, stored, preload)
      if (opening) throw redirect({ to: '/transactions', search: opening, replace: true })
      startListRead(queryClient, api, merchant.id, search)
      if (search.tx) startReads(queryClient, transactionQueryOptions(api, merchant.id, search.tx))
    }
    // A plain /transactions opens the user's default saved view for this merchant, if one is marked.
    const userId = session.current()?.claims.uid
    const owner = userId ? { userId, merchantId: merchant.id } : null
    const defaultView = defaultViewOpening(storage, owner, location, programIds, preload)
    if (!defaultView) return openPage()
    return defaultView.then((view) => {
      if (view) throw redirect({ to: '/transactions', ...view, replace: true })
      openPage()
    })
  },
  component: TransactionsRoute,
})

/** The transactions page with its in-store area: virtual card issuance, for those who may issue. */
function TransactionsRoute() {
  return <TransactionsPage inStore={<InstoreVirtualCards />} />
}
