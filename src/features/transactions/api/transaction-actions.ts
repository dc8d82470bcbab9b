import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { TransactionAction } from '../../../../contract/transactions'
import type { ApiClient } from '../../../api/client'
import { pendingWrites } from '../../../api/pending-writes'
import { type Transaction, TransactionResponseReader } from '../../../api/schemas/transactions'
import { useServices } from '../../../services/services-context'
import type { TypedStorage } from '../../../storage/storage'
import { transactionKeys } from './transaction-queries'

export interface TransactionActionRequest {
  id: string
  action: TransactionAction
  /** Cents; left out for the whole settleable or refundable amount (and always for cancel). */
  amount?: number
}

async function performTransactionAction(
  api: ApiClient,
  { id, action, amount }: TransactionActionRequest,
  idempotencyKey: string,
): Promise<Transaction> {
  const answer = await api.request(
    TransactionResponseReader,
    `/api/transactions/${encodeURIComponent(id)}/${action}`,
    {
      method: 'POST',
      body: amount === undefined ? {} : { amount },
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  )
  return answer.data
}

/**
 * Sends an action with the idempotency key of what it is (the merchant, the transaction, the action and
 * the amount): the same write sent again while its answer is unknown carries the same key, so it acts once.
 */
export function sendTransactionAction(
  api: ApiClient,
  storage: Pick<TypedStorage, 'get' | 'set'>,
  merchantId: string,
  request: TransactionActionRequest,
): Promise<Transaction> {
  return pendingWrites(storage).run(
    `${merchantId}:tx:${request.id}:${request.action}:${request.amount ?? 'all'}`,
    (key) => performTransactionAction(api, request, key),
  )
}

/**
 * Runs an action, then refreshes every list and detail of the merchant (summary counts change too). The
 * same action on the same transaction for the same amount carries one idempotency key until its answer
 * is known, across a double click, a closed and reopened dialog or a reload: after a lost answer it can
 * never act twice.
 */
export function useTransactionAction(merchantId: string) {
  const { api, storage } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: TransactionActionRequest) =>
      sendTransactionAction(api, storage, merchantId, request),
    onSuccess: async (transaction) => {
      queryClient.setQueryData(transactionKeys.detail(merchantId, transaction.id), transaction)
      await queryClient.invalidateQueries({ queryKey: transactionKeys.all(merchantId) })
    },
  })
}
