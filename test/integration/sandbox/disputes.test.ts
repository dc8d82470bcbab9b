// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  DISPUTE_ERROR_CODES,
  DISPUTE_LIMITS,
  DISPUTE_STATUSES,
  EvidenceResponseSchema,
} from '../../../contract/disputes'
import { TransactionResponseSchema } from '../../../contract/transactions'
import { MERCHANT_IDS } from '../../../sandbox/data/ids'
import { fileSandbox } from '../../support/sandbox'
import {
  errorOf,
  fileOf,
  readSeededDisputesFirst,
  seededDispute,
  seededDisputes,
  transactionsClient,
} from './transactions-client'

const ACME = MERCHANT_IDS.acme
const DAY = 86_400_000
readSeededDisputesFirst()
const sandbox = fileSandbox()
const { key, answer, upload, detail, call } = transactionsClient(() => sandbox.apiUrl)
let owner: string
let viewer: string

beforeAll(async () => {
  owner = (await sandbox.control.session('owner@acme.test')).portalToken
  viewer = (await sandbox.control.session('viewer@acme.test')).portalToken
})
beforeEach(() => {
  sandbox.reset()
})

const pdf = (size = 2_000, name = 'receipt.pdf') => ({
  bytes: fileOf('pdf', size),
  name,
  type: 'application/pdf',
})

async function uploaded(id: string, file = pdf()): Promise<string> {
  const response = await upload(owner, id, file)
  expect(response.status, await response.clone().text()).toBe(201)
  return v.parse(EvidenceResponseSchema, await response.json()).data.id
}

async function transactionOf(response: Response) {
  expect(response.status, await response.clone().text()).toBe(200)
  return v.parse(TransactionResponseSchema, await response.json()).data
}

describe('generated disputes', () => {
  it.each([
    ['Acme Outdoor', MERCHANT_IDS.acme],
    ['Globex Home', MERCHANT_IDS.globex],
  ])(
    '%s has disputes in every status, some due within days and one whose deadline passed',
    (_name, merchantID) => {
      const disputes = seededDisputes(merchantID)
      const now = Date.now()
      expect(new Set(disputes.map(({ dispute }) => dispute.status))).toEqual(new Set(DISPUTE_STATUSES))
      const awaiting = disputes.filter(({ dispute }) => dispute.status === 'NEEDS_RESPONSE')
      expect(
        awaiting.filter(({ dispute }) => dispute.respondBy > now && dispute.respondBy - now < 7 * DAY).length,
      ).toBeGreaterThanOrEqual(2)
      expect(awaiting.filter(({ dispute }) => dispute.respondBy <= now)).toHaveLength(1)
      // The transaction is DISPUTED exactly while its dispute is open.
      for (const { dispute, transactionStatus } of disputes) {
        const open = dispute.status === 'NEEDS_RESPONSE' || dispute.status === 'UNDER_REVIEW'
        expect(transactionStatus === 'DISPUTED', dispute.status).toBe(open)
      }
    },
  )

  it('answers a disputed transaction with its dispute and its story, and a lost one with the money returned', async () => {
    const awaiting = seededDispute(ACME, 'NEEDS_RESPONSE')
    const tx = await detail(owner, awaiting.id)
    expect(tx.status).toBe('DISPUTED')
    expect(tx.dispute).toMatchObject({ status: 'NEEDS_RESPONSE', amount: awaiting.dispute.amount })
    expect(tx.dispute?.timeline.map((event) => event.type)).toEqual(['OPENED'])

    const lost = seededDispute(ACME, 'LOST')
    const decided = await detail(owner, lost.id)
    expect(decided.status).toMatch(/REFUNDED$/)
    expect(decided.timeline.at(-1)).toMatchObject({
      type: 'REFUNDED',
      amount: lost.dispute.amount,
      actor: 'platform',
    })
    expect(decided.dispute?.timeline.at(-1)?.type).toBe('LOST')
  })
})

describe('accepting a dispute', () => {
  it('refunds the disputed amount once: a second accept is refused, the same key replayed', async () => {
    const { id, dispute } = seededDispute(ACME, 'NEEDS_RESPONSE', { index: 1 })
    const before = await detail(owner, id)
    const acceptKey = key()
    const accepted = await transactionOf(await answer(owner, id, 'accept', {}, acceptKey))
    expect(accepted.dispute?.status).toBe('ACCEPTED')
    expect(accepted.dispute?.timeline.at(-1)).toMatchObject({ type: 'ACCEPTED', actor: 'owner@acme.test' })
    expect(accepted.amounts).toEqual({
      ...before.amounts,
      refunded: before.amounts.refunded + dispute.amount,
      remaining: before.amounts.remaining - dispute.amount,
    })
    expect(accepted.status).toBe(accepted.amounts.remaining === 0 ? 'REFUNDED' : 'PARTIALLY_REFUNDED')
    expect(accepted.timeline.at(-1)).toMatchObject({
      type: 'REFUNDED',
      amount: dispute.amount,
      actor: 'owner@acme.test',
    })

    const again = await answer(owner, id, 'accept', {})
    expect(again.status).toBe(409)
    expect((await errorOf(again)).code).toBe(DISPUTE_ERROR_CODES.alreadyAccepted)
    const replayed = await answer(owner, id, 'accept', {}, acceptKey)
    expect(replayed.status).toBe(200)
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true')
    expect((await detail(owner, id)).amounts.refunded).toBe(before.amounts.refunded + dispute.amount)

    const challenged = await answer(owner, id, 'challenge', { explanation: 'Too late.', evidenceIDs: [] })
    expect((await errorOf(challenged)).code).toBe(DISPUTE_ERROR_CODES.alreadyAccepted)
  })

  it('needs write access (a c:tx scope), an Idempotency-Key and a dispute', async () => {
    const { id } = seededDispute(ACME, 'NEEDS_RESPONSE')
    for (const response of [
      await answer(viewer, id, 'accept', {}),
      await answer(viewer, id, 'challenge', { explanation: 'Delivered.', evidenceIDs: [] }),
      await upload(viewer, id, pdf()),
    ]) {
      expect(response.status).toBe(403)
      expect((await errorOf(response)).code).toBe('insufficient_scope')
    }
    const withoutKey = await answer(owner, id, 'accept', {}, null)
    expect((await errorOf(withoutKey)).code).toBe('idempotency_key_required')
    expect((await detail(owner, id)).dispute?.status).toBe('NEEDS_RESPONSE')

    const settled = await call(`/api/transactions?merchantID.eq=${ACME}&status=SETTLED&limit=1`, owner)
    const plain = ((await settled.json()) as { data: { items: { id: string; dispute: unknown }[] } }).data
      .items[0]
    expect(plain?.dispute).toBeNull()
    const none = await answer(owner, plain?.id ?? '', 'accept', {})
    expect(none.status).toBe(404)
    expect((await errorOf(none)).code).toBe(DISPUTE_ERROR_CODES.notFound)
    const decided = await answer(owner, seededDispute(ACME, 'WON').id, 'accept', {})
    expect((await errorOf(decided)).code).toBe(DISPUTE_ERROR_CODES.decided)
  })

  it('refuses every answer once respondBy has passed', async () => {
    const { id } = seededDispute(ACME, 'NEEDS_RESPONSE', { passed: true })
    for (const response of [
      await answer(owner, id, 'accept', {}),
      await answer(owner, id, 'challenge', { explanation: 'Delivered.', evidenceIDs: [] }),
      await upload(owner, id, pdf()),
    ]) {
      expect(response.status).toBe(409)
      expect((await errorOf(response)).code).toBe(DISPUTE_ERROR_CODES.deadlinePassed)
    }
    expect((await detail(owner, id)).status).toBe('DISPUTED')
  })

  it('refuses to refund a transaction while its dispute is open', async () => {
    const { id } = seededDispute(ACME, 'UNDER_REVIEW')
    const refund = await call(`/api/transactions/${id}/refund`, owner, {
      method: 'POST',
      body: {},
      key: key(),
    })
    expect(refund.status).toBe(409)
    expect((await errorOf(refund)).code).toBe(DISPUTE_ERROR_CODES.transactionDisputed)
  })
})

describe('challenging a dispute', () => {
  it('checks the explanation and the files, then puts the dispute under review once', async () => {
    const { id } = seededDispute(ACME, 'NEEDS_RESPONSE')
    const files = [await uploaded(id), await uploaded(id)]
    const other = await uploaded(seededDispute(ACME, 'NEEDS_RESPONSE', { index: 1 }).id)
    const six = await Promise.all([0, 1, 2, 3, 4, 5].map(() => uploaded(id)))
    const refusals: [unknown, number, string][] = [
      [{ explanation: ' \n ', evidenceIDs: files }, 422, DISPUTE_ERROR_CODES.explanationRequired],
      [
        { explanation: 'x'.repeat(DISPUTE_LIMITS.explanation + 1), evidenceIDs: files },
        422,
        DISPUTE_ERROR_CODES.explanationTooLong,
      ],
      [{ explanation: 'Delivered.', evidenceIDs: six }, 422, DISPUTE_ERROR_CODES.tooManyFiles],
      [
        { explanation: 'Delivered.', evidenceIDs: [files[0], files[0]] },
        422,
        DISPUTE_ERROR_CODES.tooManyFiles,
      ],
      [
        { explanation: 'Delivered.', evidenceIDs: [...files, other] },
        422,
        DISPUTE_ERROR_CODES.evidenceNotFound,
      ],
      [{ explanation: 'Delivered.' }, 400, 'validation_failed'],
    ]
    for (const [body, status, code] of refusals) {
      const response = await answer(owner, id, 'challenge', body)
      expect(response.status, code).toBe(status)
      expect((await errorOf(response)).code).toBe(code)
    }
    const unknown = await answer(owner, id, 'challenge', { explanation: 'Delivered.', evidenceIDs: [other] })
    expect((await errorOf(unknown)).details).toEqual({ evidenceIDs: [other] })

    // What was refused changed nothing: the same files go with the longest explanation allowed.
    const explanation = `${'Signed for at the door. '.repeat(300)}`.slice(0, DISPUTE_LIMITS.explanation)
    const challenged = await transactionOf(
      await answer(owner, id, 'challenge', { explanation, evidenceIDs: files }),
    )
    expect(challenged.status).toBe('DISPUTED')
    expect(challenged.dispute?.status).toBe('UNDER_REVIEW')
    expect(challenged.dispute?.challenge?.explanation).toBe(explanation)
    expect(challenged.dispute?.challenge?.evidence.map((file) => file.id)).toEqual(files)
    expect(challenged.dispute?.timeline.at(-1)).toMatchObject({
      type: 'CHALLENGED',
      actor: 'owner@acme.test',
    })

    for (const response of [
      await answer(owner, id, 'challenge', { explanation: 'Again.', evidenceIDs: [] }),
      await answer(owner, id, 'accept', {}),
      await upload(owner, id, pdf()),
    ]) {
      expect(response.status).toBe(409)
      expect((await errorOf(response)).code).toBe(DISPUTE_ERROR_CODES.alreadyChallenged)
    }
  })
})
