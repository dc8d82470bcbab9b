import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ErrorBodySchema } from '../../contract/error'
import type { ApiContext } from '../api/env'
import { claimsOf, refuseNoMerchant } from '../api/guards'
import { sendError, sendValidated } from '../api/http'
import { IDEMPOTENCY_KEY_PATTERN } from '../api/idempotency'
import { findPersonaById } from '../data/personas'
import type { MerchantLedger, TransactionRecord, TransactionsData } from './transactions-ledger'

/* What the transaction routes share: the ledger and record a request names, keys, refusals, the actor. */

/** A refusal in the platform's words: its status, code and message (and what it is about). */
export interface Refusal {
  status: ContentfulStatusCode
  code: string
  message: string
  details?: unknown
}

export function sendRefusal(c: ApiContext, refusal: Refusal): Response {
  const { status, ...error } = refusal
  return sendValidated(c, ErrorBodySchema, { error }, status)
}

/** A 400 response unless the request carries an Idempotency-Key: transaction writes require one. */
export function refuseWithoutKey(c: ApiContext): Response | undefined {
  const key = c.req.header('Idempotency-Key')
  if (key && IDEMPOTENCY_KEY_PATTERN.test(key)) return undefined
  return sendRefusal(c, {
    status: 400,
    code: 'idempotency_key_required',
    message: 'Actions need an Idempotency-Key header (1 to 255 letters, digits, ".", ":", "_" or "-").',
  })
}

export function ledgerOfToken(c: ApiContext, data: TransactionsData): MerchantLedger | Response {
  return (
    refuseNoMerchant(c) ?? data.ledger(claimsOf(c).cid) ?? sendError(c, 404, 'not_found', 'No such merchant.')
  )
}

/** The token's merchant's ledger and the transaction the path names, or the refusal. */
export function transactionOf(
  c: ApiContext,
  data: TransactionsData,
): { ledger: MerchantLedger; record: TransactionRecord } | Response {
  const ledger = ledgerOfToken(c, data)
  if (ledger instanceof Response) return ledger
  const index = ledger.indexById.get(c.req.param('id') ?? '')
  const record = index === undefined ? undefined : ledger.records[index]
  if (!record) return sendError(c, 404, 'not_found', 'No such transaction.')
  return { ledger, record }
}

/** Who acts, as timelines name them: a persona's username, else the user id. */
export function actorOf(c: ApiContext): string {
  const claims = claimsOf(c)
  return findPersonaById(claims.uid)?.username ?? claims.uid
}
