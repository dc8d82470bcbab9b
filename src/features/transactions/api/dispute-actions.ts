import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DisputeChallengeBody } from '../../../../contract/disputes'
import { bodyDigest, pendingWrites } from '../../../api/pending-writes'
import { type Transaction, TransactionResponseReader } from '../../../api/schemas/transactions'
import { useServices } from '../../../services/services-context'
import { transactionKeys } from './transaction-queries'

type DisputeAnswer =
  | { action: 'accept'; body: Record<string, never> }
  | { action: 'challenge'; body: DisputeChallengeBody }

/**
 * Accepts or challenges a transaction's dispute, then refreshes every list and detail of the merchant
 * (the status, the summary and what needs action change). As the transaction actions, the same answer
 * carries one idempotency key until its outcome is known: a lost answer sent again never acts twice.
 * A refusal refreshes them too, since it means the dispute moved on (accepted, challenged, decided).
 */
export function useDisputeAnswer(merchantId: string, id: string) {
  const { api, storage } = useServices()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: transactionKeys.all(merchantId) })
  return useMutation({
    mutationFn: ({ action, body }: DisputeAnswer): Promise<Transaction> =>
      pendingWrites(storage).run(
        `${merchantId}:tx:${id}:dispute:${action}:${bodyDigest(body)}`,
        async (key) => {
          const answer = await api.request(
            TransactionResponseReader,
            `/api/transactions/${encodeURIComponent(id)}/dispute/${action}`,
            { method: 'POST', body, headers: { 'Idempotency-Key': key } },
          )
          return answer.data
        },
      ),
    onSuccess: async (transaction) => {
      queryClient.setQueryData(transactionKeys.detail(merchantId, transaction.id), transaction)
      await refresh()
    },
    onError: refresh,
  })
}
