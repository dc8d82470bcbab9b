import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { VirtualCardIssueRequest } from '../../../../contract/virtual-cards'
import type { ApiClient } from '../../../api/client'
import { pendingWrites } from '../../../api/pending-writes'
import {
  type IssuedVirtualCard,
  IssuedVirtualCardResponseReader,
  type VirtualCardPage,
  VirtualCardPageReader,
} from '../../../api/schemas/virtual-cards'
import { useServices } from '../../../services/services-context'

/** Keys start with the merchant id; an issuance refreshes the merchant's lists through `all`. */
export const virtualCardKeys = {
  all: (merchantId: string) => [merchantId, 'virtual-cards'] as const,
  recent: (merchantId: string, limit: number) =>
    [...virtualCardKeys.all(merchantId), 'recent', limit] as const,
}

const cardsPath = (merchantId: string) => `/api/merchant/${encodeURIComponent(merchantId)}/virtual-cards`

/** The merchant's most recently issued cards, masked (the platform never lists full numbers). */
export function recentVirtualCardsQueryOptions(api: ApiClient, merchantId: string, limit: number) {
  return queryOptions({
    queryKey: virtualCardKeys.recent(merchantId, limit),
    queryFn: async ({ signal }): Promise<VirtualCardPage> =>
      (
        await api.request(VirtualCardPageReader, cardsPath(merchantId), {
          query: { limit, offset: 0 },
          signal,
        })
      ).data,
  })
}

async function issueVirtualCard(
  api: ApiClient,
  merchantId: string,
  request: VirtualCardIssueRequest,
  idempotencyKey: string,
): Promise<IssuedVirtualCard> {
  const answer = await api.request(IssuedVirtualCardResponseReader, cardsPath(merchantId), {
    method: 'POST',
    body: request,
    headers: { 'Idempotency-Key': idempotencyKey },
  })
  return answer.data
}

/**
 * Issues a card; never retried (a retry is the user's decision). The same program and amount carry one
 * idempotency key until the answer is known, so a double click, a retry after a lost answer or the
 * dialog opened again issues at most one card, while a corrected amount is a new request. The answer holds
 * the full number and CVV, so the mutation forgets it as soon as its dialog is gone (gcTime 0) rather
 * than keeping it in the cache.
 */
export function useIssueVirtualCard(merchantId: string) {
  const { api, storage } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: VirtualCardIssueRequest) =>
      pendingWrites(storage).run(`${merchantId}:card:${request.programID}:${request.amount}`, (key) =>
        issueVirtualCard(api, merchantId, request, key),
      ),
    retry: false,
    gcTime: 0,
    // After a lost answer the card may exist, so the list is refreshed whatever happened.
    onSettled: () => queryClient.invalidateQueries({ queryKey: virtualCardKeys.all(merchantId) }),
  })
}
