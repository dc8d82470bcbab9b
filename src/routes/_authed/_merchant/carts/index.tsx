import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { cartListQueryOptions } from '../../../../features/carts/api/cart-queries'
import { CartsPage } from '../../../../features/carts/components/carts-page'
import { CART_SEARCH_DEFAULTS, cartListParams, cartSearchSchema } from '../../../../features/carts/search'
import { guard } from '../../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/carts/')({
  validateSearch: cartSearchSchema,
  search: { middlewares: [stripSearchParams(CART_SEARCH_DEFAULTS)] },
  beforeLoad: guard('carts'),
  loaderDeps: ({ search }) => cartListParams(search),
  loader: async ({ context: { queryClient, services, merchant }, deps, cause }) => {
    // Entering the page waits for its first rows; a filter change keeps the rows on screen instead.
    if (cause === 'stay') return
    await queryClient
      .ensureQueryData(cartListQueryOptions(services.api, merchant.id, deps))
      .catch(() => undefined)
  },
  component: CartsPage,
})
