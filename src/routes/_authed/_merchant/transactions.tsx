import { msg } from '@lingui/core/macro'
import { IconReceipt } from '@tabler/icons-react'
import { createFileRoute, redirect } from '@tanstack/react-router'
import {
  transactionListQueryOptions,
  transactionQueryOptions,
} from '../../../features/transactions/api/transaction-queries'
import { TransactionsPage } from '../../../features/transactions/components/transactions-page'
import {
  listParamsFromSearch,
  openingSearch,
  stripSearchDefaults,
  transactionSearchSchema,
} from '../../../features/transactions/search'
import { InstoreVirtualCards } from '../../../features/virtual-cards/components/instore-virtual-cards'
import { guard } from '../../../guards/guard'
import { startReads } from '../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/transactions')({
  staticData: { nav: { label: msg`Transactions`, order: 10, icon: IconReceipt } },
  validateSearch: transactionSearchSchema,
  search: { middlewares: [stripSearchDefaults] },
  beforeLoad: guard('transactions'),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, services, merchant, programs }, deps: search, preload }) => {
    const { api, storage } = services
    // The page opens at the merchant's stored program selection, written into the address.
    const programIds = programs.map((program) => program.id)
    const stored = storage.getProgramSelection(merchant.id, programIds)
    const opening = openingSearch(search, programIds, stored, preload)
    if (opening) throw redirect({ to: '/transactions', search: opening, replace: true })
    startReads(queryClient, transactionListQueryOptions(api, merchant.id, listParamsFromSearch(search)))
    if (search.tx) startReads(queryClient, transactionQueryOptions(api, merchant.id, search.tx))
  },
  component: TransactionsRoute,
})

/** The transactions page with its in-store area: virtual card issuance, for those who may issue. */
function TransactionsRoute() {
  return <TransactionsPage inStore={<InstoreVirtualCards />} />
}
