import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiClient } from '../../../api/client'
import {
  type Transaction,
  type TransactionAction,
  TransactionResponseSchema,
} from '../../../api/schemas/transactions'
import { useServices } from '../../../services/services-context'
import { transactionKeys } from './transaction-queries'

export interface TransactionActionRequest {
  id: string
  action: TransactionAction
  /** Cents; left out for the whole settleable or refundable amount (and always for cancel). */
  amount?: number
  /** One per opened dialog: a second click, or a retry after a lost answer, cannot act twice. */
  idempotencyKey: string
}

export async function performTransactionAction(
  api: ApiClient,
  { id, action, amount, idempotencyKey }: TransactionActionRequest,
): Promise<Transaction> {
  const answer = await api.request(
    TransactionResponseSchema,
    `/api/transactions/${encodeURIComponent(id)}/${action}`,
    {
      method: 'POST',
      body: amount === undefined ? {} : { amount },
      headers: { 'Idempotency-Key': idempotencyKey },
    },
  )
  return answer.data
}

/** Runs an action, then refreshes every list and detail of the merchant (summary counts change too). */
export function useTransactionAction(merchantId: string) {
  const { api } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: TransactionActionRequest) => performTransactionAction(api, request),
    onSuccess: async (transaction) => {
      queryClient.setQueryData(transactionKeys.detail(merchantId, transaction.id), transaction)
      await queryClient.invalidateQueries({ queryKey: transactionKeys.all(merchantId) })
    },
  })
}
