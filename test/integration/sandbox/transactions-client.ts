import * as v from 'valibot'
import { beforeAll, expect } from 'vitest'
import { EVIDENCE_FILE_FIELD } from '../../../contract/disputes'
import { ErrorBodySchema } from '../../../contract/error'
import { TransactionPageSchema, TransactionResponseSchema } from '../../../contract/transactions'
import { MERCHANT_IDS } from '../../../sandbox/data/ids'
import type { DisputeRecord } from '../../../sandbox/resources/transactions-disputes'
import { generateStore } from '../../../sandbox/store'
import { apiHeaders } from './helpers'

/** Calls of the transaction routes, as the portal makes them, for the sandbox at `apiUrl()`. */
export function transactionsClient(apiUrl: () => string) {
  let counter = 0
  const key = () => `test-${Date.now()}-${++counter}`

  async function call(
    path: string,
    token: string,
    init: { method?: string; body?: unknown; key?: string } = {},
  ) {
    return fetch(`${apiUrl()}${path}`, {
      method: init.method ?? 'GET',
      headers: apiHeaders(token, init.key ? { 'Idempotency-Key': init.key } : {}),
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
  }

  async function list(token: string, merchantID: string, query: Record<string, string | number> = {}) {
    const params = new URLSearchParams({ 'merchantID.eq': merchantID })
    for (const [name, value] of Object.entries(query)) params.append(name, String(value))
    const response = await call(`/api/transactions?${params}`, token)
    expect(response.status, await response.clone().text()).toBe(200)
    return v.parse(TransactionPageSchema, await response.json()).data
  }

  async function detail(token: string, id: string) {
    const response = await call(`/api/transactions/${id}`, token)
    expect(response.status).toBe(200)
    return v.parse(TransactionResponseSchema, await response.json()).data
  }

  /** POST /api/transactions/{id}/dispute/{action} with a fresh key unless one is given (null: none). */
  async function answer(
    token: string,
    id: string,
    action: 'accept' | 'challenge',
    body: unknown,
    idempotencyKey: string | null = key(),
  ) {
    return call(`/api/transactions/${id}/dispute/${action}`, token, {
      method: 'POST',
      body,
      key: idempotencyKey ?? undefined,
    })
  }

  /** One evidence file as a browser sends it: a fresh form (and so a fresh boundary) every time. */
  async function upload(
    token: string,
    id: string,
    file: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string },
    idempotencyKey: string | null = key(),
  ) {
    const form = new FormData()
    form.append(EVIDENCE_FILE_FIELD, new Blob([file.bytes], { type: file.type }), file.name)
    const headers = apiHeaders(token, idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {})
    // The form sets its own multipart type, with its boundary.
    delete headers['Content-Type']
    return fetch(`${apiUrl()}/api/transactions/${id}/dispute/evidence`, {
      method: 'POST',
      headers,
      body: form,
    })
  }

  return { key, call, list, detail, answer, upload }
}

export async function errorOf(response: Response) {
  return v.parse(ErrorBodySchema, await response.json()).error
}

/** A file of `size` bytes that starts as `kind` does (the rest is filler). */
export function fileOf(kind: 'pdf' | 'png' | 'jpeg' | 'text', size: number): Uint8Array<ArrayBuffer> {
  const starts = {
    pdf: [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37],
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    jpeg: [0xff, 0xd8, 0xff, 0xe0],
    text: [...'Delivered, signed by J.'].map((char) => char.charCodeAt(0)),
  }[kind]
  const bytes = new Uint8Array(size).fill(0x20)
  bytes.set(starts.slice(0, size))
  return bytes
}

export interface SeededDispute {
  id: string
  transactionStatus: string
  dispute: DisputeRecord
}

const seeded = new Map<string, readonly SeededDispute[]>()

/**
 * Reads the generated disputes before the file's sandbox starts (call it above fileSandbox()): making a
 * store holds the event loop, and on a loaded machine a pause of seconds between two requests lets the
 * sandbox close a kept-alive connection just as the next request takes it (ECONNRESET).
 */
export function readSeededDisputesFirst(): void {
  beforeAll(() => {
    for (const merchantID of [MERCHANT_IDS.acme, MERCHANT_IDS.globex]) seededDisputes(merchantID)
  })
}

/** The disputes the sandbox generated for a merchant, newest transaction first (the same ids it serves). */
export function seededDisputes(merchantID: string): readonly SeededDispute[] {
  const known = seeded.get(merchantID)
  if (known) return known
  const ledger = generateStore().transactions.ledger(merchantID)
  if (!ledger) throw new Error(`no ledger for ${merchantID}`)
  const found = ledger.records.flatMap((record) =>
    record.dispute ? [{ id: record.id, transactionStatus: record.status, dispute: record.dispute }] : [],
  )
  seeded.set(merchantID, found)
  return found
}

/** A generated dispute in `status`, awaiting a response with its deadline to come unless `passed`. */
export function seededDispute(
  merchantID: string,
  status: DisputeRecord['status'],
  { passed = false, index = 0 }: { passed?: boolean; index?: number } = {},
): SeededDispute {
  const now = Date.now()
  const found = seededDisputes(merchantID).filter(
    ({ dispute }) =>
      dispute.status === status && (status !== 'NEEDS_RESPONSE' || dispute.respondBy <= now === passed),
  )[index]
  if (!found) throw new Error(`no ${passed ? 'overdue ' : ''}${status} dispute #${index} for ${merchantID}`)
  return found
}
