import { Hono } from 'hono'
import * as v from 'valibot'
import {
  DISPUTE_ERROR_CODES,
  DISPUTE_LIMITS,
  EVIDENCE_FILE_FIELD,
  EvidenceResponseSchema,
} from '../../contract/disputes'
import { TransactionResponseSchema } from '../../contract/transactions'
import type { BodyLimit } from '../api/body-limits'
import type { ApiContext, ApiEnv } from '../api/env'
import { requireTransactionWrite } from '../api/guards'
import { readBody, sendError, sendValidated } from '../api/http'
import { newRecordId } from '../api/newer-platform'
import { acceptDispute, addEvidence, challengeDispute } from './transactions-dispute-actions'
import { actorOf, refuseWithoutKey, sendRefusal, transactionOf } from './transactions-http'
import type { TransactionsData } from './transactions-ledger'
import { evidenceWire, transactionWire } from './transactions-wire'

/*
 * The routes that answer a transaction's dispute: accept it, upload evidence files one at a time
 * (multipart/form-data, so a browser shows each file's upload progress), and challenge it with an
 * explanation and the uploaded files' ids. Each needs write access and an Idempotency-Key.
 */

/** Room for a multipart body's boundary and part headers around the largest file. */
const MULTIPART_ROOM = 64 * 1024

/** A request larger than the largest file can make it is refused before it is read. */
export const EVIDENCE_BODY_LIMIT: BodyLimit = {
  route: { method: 'POST', path: '/transactions/*/dispute/evidence' },
  maxBytes: DISPUTE_LIMITS.fileBytes + MULTIPART_ROOM,
  code: DISPUTE_ERROR_CODES.fileTooLarge,
  message: `An evidence file may have at most ${DISPUTE_LIMITS.fileBytes} bytes (5 MB).`,
}

/**
 * The challenge as sent: its shape is checked here (400), its rules by challengeDispute (422), which
 * are those of the contract's DisputeChallengeBodySchema that the portal checks with.
 */
const ChallengeShapeSchema = v.object({ explanation: v.string(), evidenceIDs: v.array(v.string()) })

/** An accept takes no fields: an empty body or any JSON object. */
async function readsAsEmpty(c: ApiContext): Promise<boolean> {
  const raw = (await c.req.text()).trim()
  if (raw === '') return true
  try {
    const json: unknown = JSON.parse(raw)
    return typeof json === 'object' && json !== null && !Array.isArray(json)
  } catch {
    return false
  }
}

/** The uploaded file, or undefined when the body is not a form with one in its `file` part. */
async function uploadedFile(c: ApiContext): Promise<{ name: string; bytes: Uint8Array } | undefined> {
  if (!/^multipart\/form-data/i.test(c.req.header('Content-Type') ?? '')) return undefined
  try {
    const value = (await c.req.formData()).get(EVIDENCE_FILE_FIELD)
    if (value === null || typeof value === 'string') return undefined
    return { name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) }
  } catch {
    return undefined
  }
}

export function disputeRoutes(deps: { data: () => TransactionsData }): Hono<ApiEnv> {
  return new Hono<ApiEnv>()
    .post('/transactions/:id/dispute/accept', requireTransactionWrite(), async (c) => {
      const withoutKey = refuseWithoutKey(c)
      if (withoutKey) return withoutKey
      if (!(await readsAsEmpty(c))) {
        return sendError(c, 400, 'bad_request', 'An accept takes no fields: send {} or nothing.')
      }
      const found = transactionOf(c, deps.data())
      if (found instanceof Response) return found
      // A repeated key is answered before this route (sandbox/api/idempotency.ts): this send is the first.
      const refusal = acceptDispute(found.ledger, found.record, actorOf(c), Date.now())
      if (refusal) return sendRefusal(c, refusal)
      return sendValidated(c, TransactionResponseSchema, {
        data: transactionWire(found.record, found.ledger),
      })
    })
    .post('/transactions/:id/dispute/evidence', requireTransactionWrite(), async (c) => {
      const withoutKey = refuseWithoutKey(c)
      if (withoutKey) return withoutKey
      const file = await uploadedFile(c)
      if (!file) {
        return sendRefusal(c, {
          status: 400,
          code: DISPUTE_ERROR_CODES.fileRequired,
          message: `Send one file as multipart/form-data, in a part named ${EVIDENCE_FILE_FIELD}.`,
        })
      }
      const found = transactionOf(c, deps.data())
      if (found instanceof Response) return found
      const stored = addEvidence(found.record, file, newRecordId(c, 'ev'), Date.now())
      if ('code' in stored) return sendRefusal(c, stored)
      return sendValidated(c, EvidenceResponseSchema, { data: evidenceWire(stored) }, 201)
    })
    .post('/transactions/:id/dispute/challenge', requireTransactionWrite(), async (c) => {
      const withoutKey = refuseWithoutKey(c)
      if (withoutKey) return withoutKey
      const body = await readBody(c, ChallengeShapeSchema)
      if (!body.ok) return body.response
      const found = transactionOf(c, deps.data())
      if (found instanceof Response) return found
      const { ledger, record } = found
      const refusal = challengeDispute(ledger, record, body.value, actorOf(c), Date.now())
      if (refusal) return sendRefusal(c, refusal)
      return sendValidated(c, TransactionResponseSchema, { data: transactionWire(record, ledger) })
    })
}
