import { msg } from '@lingui/core/macro'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import {
  enrollmentsQueryOptions,
  programProductsQueryOptions,
} from '../../../../features/settings/payment-products/payment-products-api'
import { PaymentProductsPage } from '../../../../features/settings/payment-products/payment-products-page'
import {
  DEFAULT_CONFIGURATION_FILTER,
  paymentProductsSearchSchema,
} from '../../../../features/settings/payment-products/search'
import { guard } from '../../../../guards/guard'
import { startReads } from '../../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/_settings/payment-products')({
  staticData: { nav: { label: msg`Payment products`, order: 50 } },
  validateSearch: paymentProductsSearchSchema,
  search: { middlewares: [stripSearchParams({ state: DEFAULT_CONFIGURATION_FILTER })] },
  beforeLoad: guard('paymentProducts'),
  loaderDeps: ({ search }) => ({ state: search.state }),
  loader: ({ context: { queryClient, services, merchant, programs }, deps }) => {
    for (const program of programs) {
      startReads(
        queryClient,
        programProductsQueryOptions(services.api, merchant.id, program.id, deps.state),
        enrollmentsQueryOptions(services.api, merchant.id, program.id),
      )
    }
  },
  component: PaymentProductsPage,
})
