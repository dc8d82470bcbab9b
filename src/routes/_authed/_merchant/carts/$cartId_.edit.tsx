import { createFileRoute } from '@tanstack/react-router'
import { cartQueryOptions } from '../../../../features/carts/api/cart-queries'
import { EditCartPage } from '../../../../features/carts/components/cart-page'
import { guardAbility } from '../../../../guards/guard'

// A page of its own rather than a flag on the cart's page, so the router refuses it to users who may not edit.
export const Route = createFileRoute('/_authed/_merchant/carts/$cartId_/edit')({
  beforeLoad: guardAbility('cartEdit'),
  loader: async ({ context: { queryClient, services, merchant }, params }) => {
    // An unknown cart is the page's own answer, as on the cart's page.
    await queryClient
      .ensureQueryData(cartQueryOptions(services.api, merchant.id, params.cartId))
      .catch(() => undefined)
  },
  component: EditCartPage,
})
