import { msg } from '@lingui/core/macro'
import { IconShoppingCart } from '@tabler/icons-react'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { cartListQueryOptions } from '../../../../features/carts/api/cart-queries'
import { CartsPage } from '../../../../features/carts/components/carts-page'
import { CART_SEARCH_DEFAULTS, cartListParams, cartSearchSchema } from '../../../../features/carts/search'
import { guard } from '../../../../guards/guard'
import { startReads } from '../../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/carts/')({
  staticData: { nav: { label: msg`Carts`, order: 50, icon: IconShoppingCart } },
  validateSearch: cartSearchSchema,
  search: { middlewares: [stripSearchParams(CART_SEARCH_DEFAULTS)] },
  beforeLoad: guard('carts'),
  loaderDeps: ({ search }) => cartListParams(search),
  loader: ({ context: { queryClient, services, merchant }, deps }) =>
    startReads(queryClient, cartListQueryOptions(services.api, merchant.id, deps)),
  component: CartsPage,
})
