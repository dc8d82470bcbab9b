import { createFileRoute } from '@tanstack/react-router'
import { cartQueryOptions } from '../../../../features/carts/api/cart-queries'
import { EditCartPage } from '../../../../features/carts/components/edit-cart-page'
import { guardAbility } from '../../../../guards/guard'
import { startReads } from '../../../../ui/start-reads'

// A page of its own rather than a flag on the cart's page, so the router refuses it to users who may not edit.
export const Route = createFileRoute('/_authed/_merchant/carts/$cartId_/edit')({
  beforeLoad: guardAbility('cartEdit'),
  loader: ({ context: { queryClient, services, merchant }, params }) =>
    startReads(queryClient, cartQueryOptions(services.api, merchant.id, params.cartId)),
  component: EditCartPage,
})
