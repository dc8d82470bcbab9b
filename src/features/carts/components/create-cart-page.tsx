import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useServices } from '../../../services/services-context'
import { useMerchantFormat } from '../../../shared/use-merchant-format'
import { PageHeader } from '../../../ui/page-header'
import { useCreateCart } from '../api/cart-mutations'
import { emptyCartDraft } from '../cart-form'
import { CartForm } from './cart-form'

const route = getRouteApi('/_authed/_merchant/carts/create')

export function CreateCartPage() {
  const { merchant, programs } = route.useRouteContext()
  const { t } = useLingui()
  const { alerts } = useServices()
  const navigate = route.useNavigate()
  const ecommerce = useMemo(() => programs.filter((program) => program.channel === 'ECOMM'), [programs])
  const initial = useMemo(() => emptyCartDraft(ecommerce.map((program) => program.id)), [ecommerce])
  const create = useCreateCart(merchant.id)
  const format = useMerchantFormat(merchant)

  return (
    <>
      <PageHeader
        title={<Trans>Create cart</Trans>}
        description={
          <Trans>
            Add what the customer is buying and where it goes. Once saved, send them the link to check out
            with financing.
          </Trans>
        }
      />
      <CartForm
        merchantId={merchant.id}
        programs={ecommerce}
        initial={initial}
        draftKey="cart:new"
        format={format}
        submitLabel={<Trans>Create cart</Trans>}
        onSubmit={async (input) => {
          const cart = await create.mutateAsync(input)
          const reference = cart.reference
          alerts.show({
            status: 'SUCCESS',
            message: t`Cart ${reference} created. Send the link when you are ready.`,
          })
          await navigate({ to: '/carts/$cartId', params: { cartId: cart.id } })
          return cart
        }}
        onCancel={() => void navigate({ to: '/carts' })}
      />
    </>
  )
}
