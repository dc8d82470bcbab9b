import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Navigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { ACTIVE_CART_STATUSES } from '../../../../contract/carts'
import type { Cart } from '../../../api/schemas/carts'
import { isKnown } from '../../../api/schemas/common'
import type { Program } from '../../../api/schemas/programs'
import { useServices } from '../../../services/services-context'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { PageHeader } from '../../../ui/page-header'
import { useUpdateCart } from '../api/cart-mutations'
import { cartToDraft } from '../cart-form'
import { CartForm } from './cart-form'
import { LoadedCart } from './loaded-cart'

const route = getRouteApi('/_authed/_merchant/carts/$cartId_/edit')

/** `/carts/$cartId/edit`: the router lets only users who may edit carts in; a closed cart goes back. */
export function EditCartPage() {
  const { merchant, programs } = route.useRouteContext()
  const { cartId } = route.useParams()
  const navigate = route.useNavigate()
  const back = () => void navigate({ to: '/carts/$cartId', params: { cartId }, replace: true })
  return (
    <LoadedCart merchant={merchant} cartId={cartId}>
      {(cart, format) =>
        isKnown(ACTIVE_CART_STATUSES, cart.status) ? (
          <EditCart cart={cart} programs={programs} format={format} onDone={back} />
        ) : (
          <Navigate to="/carts/$cartId" params={{ cartId }} replace />
        )
      }
    </LoadedCart>
  )
}

function EditCart({
  cart,
  programs,
  format,
  onDone,
}: {
  cart: Cart
  programs: readonly Program[]
  format: MerchantFormat
  onDone(): void
}) {
  const { t } = useLingui()
  const { alerts } = useServices()
  const update = useUpdateCart(cart.merchantID, cart.id)
  const ecommerce = useMemo(() => programs.filter((program) => program.channel === 'ECOMM'), [programs])
  const initial = useMemo(() => cartToDraft(cart), [cart])
  const reference = cart.reference
  return (
    <>
      <PageHeader
        title={<Trans>Edit cart {reference}</Trans>}
        description={<Trans>The customer sees the changes the next time they open the link.</Trans>}
      />
      <CartForm
        merchantId={cart.merchantID}
        programs={ecommerce}
        initial={initial}
        draftKey={`cart:edit:${cart.id}`}
        format={format}
        submitLabel={<Trans>Save changes</Trans>}
        onSubmit={async (input) => {
          const saved = await update.mutateAsync(input)
          alerts.show({ status: 'SUCCESS', message: t`Cart ${reference} saved.` })
          onDone()
          return saved
        }}
        onCancel={onDone}
      />
    </>
  )
}
