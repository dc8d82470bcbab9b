import { createFileRoute } from '@tanstack/react-router'
import { CreateCartPage } from '../../../../features/carts/components/create-cart-page'
import { guard } from '../../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/carts/create')({
  beforeLoad: guard('cartCreate'),
  component: CreateCartPage,
})
