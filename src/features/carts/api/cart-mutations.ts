import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CartInput, CartNotifyRequest } from '../../../../contract/carts'
import type { ApiClient } from '../../../api/client'
import { bodyDigest, pendingWrites } from '../../../api/pending-writes'
import { type Cart, CartResponseReader } from '../../../api/schemas/carts'
import { writeThenRead } from '../../../api/write'
import { useServices } from '../../../services/services-context'
import { cartKeys } from './cart-queries'

const cartPath = (id: string) => `/api/carts/${encodeURIComponent(id)}`

async function createCart(api: ApiClient, input: CartInput, idempotencyKey: string): Promise<Cart> {
  return (
    await api.request(CartResponseReader, '/api/carts', {
      method: 'POST',
      body: input,
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).data
}

export async function updateCart(api: ApiClient, id: string, input: CartInput): Promise<Cart> {
  return (await writeThenRead(api, CartResponseReader, cartPath(id), { method: 'PATCH', body: input })).data
}

export async function notifyCart(api: ApiClient, id: string, request: CartNotifyRequest): Promise<Cart> {
  return (
    await writeThenRead(
      api,
      CartResponseReader,
      `${cartPath(id)}/notify`,
      { method: 'POST', body: request },
      cartPath(id),
    )
  ).data
}

export async function expireCart(api: ApiClient, id: string): Promise<Cart> {
  return (
    await writeThenRead(
      api,
      CartResponseReader,
      `${cartPath(id)}/expire`,
      { method: 'POST', body: {} },
      cartPath(id),
    )
  ).data
}

/** The answer is the cart as it now is: it goes straight into the cache, and the lists refresh. */
function useCartMutation<TVariables>(
  merchantId: string,
  run: (api: ApiClient, variables: TVariables) => Promise<Cart>,
) {
  const { api } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (variables: TVariables) => run(api, variables),
    onSuccess: async (cart) => {
      queryClient.setQueryData(cartKeys.detail(merchantId, cart.id), cart)
      await queryClient.invalidateQueries({ queryKey: cartKeys.lists(merchantId) })
    },
  })
}

export function useCreateCart(merchantId: string) {
  const { storage } = useServices()
  // The same cart sent again after a lost answer carries the same key: one cart, not two.
  return useCartMutation(merchantId, (api, input: CartInput) =>
    pendingWrites(storage).run(`${merchantId}:cart:${bodyDigest(input)}`, (key) =>
      createCart(api, input, key),
    ),
  )
}

export function useUpdateCart(merchantId: string, id: string) {
  return useCartMutation(merchantId, (api, input: CartInput) => updateCart(api, id, input))
}

export function useNotifyCart(merchantId: string, id: string) {
  return useCartMutation(merchantId, (api, request: CartNotifyRequest) => notifyCart(api, id, request))
}

export function useExpireCart(merchantId: string, id: string) {
  return useCartMutation(merchantId, (api, _: undefined) => expireCart(api, id))
}
