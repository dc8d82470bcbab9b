import { createFileRoute } from '@tanstack/react-router'
import { cartQueryOptions } from '../../../../features/carts/api/cart-queries'
import { CartPage } from '../../../../features/carts/components/cart-page'
import { guard } from '../../../../guards/guard'
import { startReads } from '../../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/carts/$cartId')({
  beforeLoad: guard('carts'),
  loader: ({ context: { queryClient, services, merchant }, params }) =>
    startReads(queryClient, cartQueryOptions(services.api, merchant.id, params.cartId)),
  component: CartPage,
})
