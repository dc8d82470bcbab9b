import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CheckoutDesignPage } from '../../../../features/settings/design/checkout-design-page'
import { checkoutDesignQueryOptions } from '../../../../features/settings/design/design-api'
import { guard } from '../../../../guards/guard'
import { startReads } from '../../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/_settings/checkout-design')({
  staticData: { nav: { label: msg`Checkout design`, order: 60 } },
  beforeLoad: guard('checkoutDesign'),
  loader: ({ context: { queryClient, services, merchant } }) =>
    startReads(queryClient, checkoutDesignQueryOptions(services.api, merchant.id)),
  component: CheckoutDesignPage,
})
