import { msg } from '@lingui/core/macro'
import { IconShoppingCartPlus } from '@tabler/icons-react'
import { createFileRoute } from '@tanstack/react-router'
import { CreateCartPage } from '../../../../features/carts/components/create-cart-page'
import { guard } from '../../../../guards/guard'

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
  component: CreateCartPage,
})
