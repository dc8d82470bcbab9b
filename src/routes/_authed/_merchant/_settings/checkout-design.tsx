import { createFileRoute } from '@tanstack/react-router'
import { CheckoutDesignPage } from '../../../../features/settings/design/checkout-design-page'
import { checkoutDesignQueryOptions } from '../../../../features/settings/design/design-api'
import { guard } from '../../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/_settings/checkout-design')({
  beforeLoad: guard('checkoutDesign'),
  loader: ({ context: { queryClient, services, merchant } }) =>
    queryClient.ensureQueryData(checkoutDesignQueryOptions(services.api, merchant.id)),
  component: CheckoutDesignPage,
})
