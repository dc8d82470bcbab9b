import { msg } from '@lingui/core/macro'
import { IconShoppingCartPlus } from '@tabler/icons-react'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../../guards/guard'
import { lazyRoutePage } from '../../../../shared/load-chunk'

export const Route = createFileRoute('/_authed/_merchant/carts/create')({
  staticData: {
    nav: {
      label: msg`Create a cart`,
      order: 55,
      icon: IconShoppingCartPlus,
      keywords: msg`Carts`,
      paletteOnly: true,
    },
  },
  beforeLoad: guard('cartCreate'),
  // No loader: its component is fetched as lazyRoutePage says, not split by the router.
  codeSplitGroupings: [],
  component: lazyRoutePage(
    () => import('../../../../features/carts/components/create-cart-page'),
    'CreateCartPage',
  ),
})
