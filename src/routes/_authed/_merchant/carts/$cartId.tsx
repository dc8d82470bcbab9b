import { createFileRoute } from '@tanstack/react-router'
import { cartQueryOptions } from '../../../../features/carts/api/cart-queries'
import { CartPage } from '../../../../features/carts/components/cart-page'
import { guard } from '../../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/carts/$cartId')({
  beforeLoad: guard('carts'),
  loader: async ({ context: { queryClient, services, merchant }, params }) => {
    // An unknown cart is the page's own answer (it says so under its heading), not a route failure.
    await queryClient
      .ensureQueryData(cartQueryOptions(services.api, merchant.id, params.cartId))
      .catch(() => undefined)
  },
  component: CartPage,
})
