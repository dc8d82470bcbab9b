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

export const Route = createFileRoute('/_authed/_merchant/_settings/payment-products')({
  staticData: { nav: { label: msg`Payment products`, order: 50 } },
  validateSearch: paymentProductsSearchSchema,
  search: { middlewares: [stripSearchParams({ state: DEFAULT_CONFIGURATION_FILTER })] },
  beforeLoad: guard('paymentProducts'),
  loaderDeps: ({ search }) => ({ state: search.state }),
  loader: async ({ context: { queryClient, services, merchant, programs }, deps }) => {
    await Promise.all(
      programs.flatMap((program) => [
        queryClient.ensureQueryData(
          programProductsQueryOptions(services.api, merchant.id, program.id, deps.state),
        ),
        queryClient.ensureQueryData(enrollmentsQueryOptions(services.api, merchant.id, program.id)),
      ]),
    )
  },
  component: PaymentProductsPage,
})
