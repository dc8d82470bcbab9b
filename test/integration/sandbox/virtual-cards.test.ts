// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../../contract/error'
import {
  IssuedVirtualCardResponseSchema,
  isLuhnValid,
  VIRTUAL_CARD_VALID_HOURS,
  VirtualCardPageSchema,
} from '../../../contract/virtual-cards'
import { createControl, type SandboxControl } from '../../../sandbox/control'
import { MERCHANT_IDS, PROGRAM_IDS } from '../../../sandbox/data/ids'
import { ACME_VIRTUAL_CARD_COUNT, TEST_CARD_PREFIX } from '../../../sandbox/resources/virtual-cards'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'

const sandbox = fileSandbox()
let control: SandboxControl
/** ops@provider.test acting for Acme Outdoor: has c:vc.issuance. */
let ops: string

beforeAll(async () => {
  control = createControl(sandbox.apiUrl)
  ops = (await control.session('ops@provider.test', MERCHANT_IDS.acme)).portalToken
})
beforeEach(() => {
  sandbox.reset()
})

const cardsPath = (merchantID: string = MERCHANT_IDS.acme) => `/merchant/${merchantID}/virtual-cards`

function call(
  path: string,
  token: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return fetch(`${sandbox.apiUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: apiHeaders(token, init.headers),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

function issue(
  body: unknown,
  {
    token = ops,
    key = crypto.randomUUID(),
    merchantID = MERCHANT_IDS.acme,
  }: { token?: string; key?: string; merchantID?: string } = {},
) {
  return call(cardsPath(merchantID), token, {
    method: 'POST',
    body,
    headers: key === '' ? {} : { 'Idempotency-Key': key },
  })
}

async function list(query: Record<string, string> = {}, token = ops) {
  const response = await call(`${cardsPath()}?${new URLSearchParams(query)}`, token)
  expect(response.status, await response.clone().text()).toBe(200)
  return v.parse(VirtualCardPageSchema, await response.json()).data
}

async function errorOf(response: Response) {
  return v.parse(ErrorBodySchema, await response.json()).error
}

const valid = { programID: PROGRAM_IDS.acmeInstore, amount: 250_00 }

describe('issued virtual cards', () => {
  it('has Acme Outdoor’s recent issuances, newest first, masked', async () => {
    const page = await list({ limit: '50' })
    expect(page.pagination.total).toBe(ACME_VIRTUAL_CARD_COUNT)
    const times = page.items.map((card) => card.createdAt.getTime())
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(page.items.every((card) => card.programID === PROGRAM_IDS.acmeInstore)).toBe(true)
    expect(page.items.some((card) => card.status === 'USED')).toBe(true)
    for (const card of page.items) {
      expect(card).not.toHaveProperty('number')
      expect(card).not.toHaveProperty('cvv')
    }
  })

  it('issues a single-use card that persists in the list', async () => {
    const response = await issue(valid)
    expect(response.status, await response.clone().text()).toBe(201)
    const card = v.parse(IssuedVirtualCardResponseSchema, await response.json()).data
    expect(card).toMatchObject({
      merchantID: MERCHANT_IDS.acme,
      programID: PROGRAM_IDS.acmeInstore,
      amount: 250_00,
      currency: 'USD',
      singleUse: true,
      status: 'ACTIVE',
      usedAt: null,
      issuedBy: 'ops@provider.test',
      last4: card.number.slice(-4),
    })
    expect(card.number.startsWith(TEST_CARD_PREFIX)).toBe(true)
    expect(isLuhnValid(card.number)).toBe(true)
    expect(card.cvv).toMatch(/^\d{3}$/)
    expect(card.validUntil.getTime() - card.createdAt.getTime()).toBe(VIRTUAL_CARD_VALID_HOURS * 3_600_000)

    const page = await list()
    expect(page.pagination.total).toBe(ACME_VIRTUAL_CARD_COUNT + 1)
    expect(page.items[0]).toMatchObject({ id: card.id, last4: card.last4, amount: 250_00, status: 'ACTIVE' })
    expect(page.items[0]).not.toHaveProperty('number')
  })

  it('gives the same numbers again after a reset', async () => {
    const first = v.parse(IssuedVirtualCardResponseSchema, await (await issue(valid)).json()).data
    sandbox.reset()
    const again = v.parse(IssuedVirtualCardResponseSchema, await (await issue(valid)).json()).data
    expect(again.number).toBe(first.number)
    expect(again.cvv).toBe(first.cvv)
  })

  it('issues once per Idempotency-Key: a replay answers the same card', async () => {
    const key = crypto.randomUUID()
    const first = await issue(valid, { key })
    const second = await issue(valid, { key })
    expect(second.status).toBe(201)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    const a = v.parse(IssuedVirtualCardResponseSchema, await first.json()).data
    const b = v.parse(IssuedVirtualCardResponseSchema, await second.json()).data
    expect(b.id).toBe(a.id)
    expect(b.number).toBe(a.number)
    expect((await list()).pagination.total).toBe(ACME_VIRTUAL_CARD_COUNT + 1)

    const reused = await issue({ ...valid, amount: 300_00 }, { key })
    expect(reused.status).toBe(409)
    expect((await errorOf(reused)).code).toBe('idempotency_key_reused')
  })

  it('refuses a request without an Idempotency-Key', async () => {
    const response = await issue(valid, { key: '' })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).code).toBe('idempotency_key_required')
  })

  it.each([
    ['below $1.00', 99],
    ['above $10,000.00', 1_000_001],
    ['not whole cents', 12.5],
    ['zero', 0],
  ])('refuses an amount %s', async (_, amount) => {
    const response = await issue({ ...valid, amount })
    expect(response.status).toBe(400)
    const error = await errorOf(response)
    expect(error.code).toBe('validation_failed')
    expect(JSON.stringify(error.details)).toContain('amount')
  })

  it.each([
    ['the ecommerce program', PROGRAM_IDS.acmeEcomm],
    ['a scheduled in-store program', PROGRAM_IDS.acmeScheduled],
    ['another merchant’s virtual card program', PROGRAM_IDS.harborInstore],
  ])('refuses %s', async (_, programID) => {
    const response = await issue({ ...valid, programID })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).code).toBe('program_not_allowed')
    // A refused request issued nothing, and its key can be used again.
    expect((await list()).pagination.total).toBe(ACME_VIRTUAL_CARD_COUNT)
  })
})

describe('who may issue', () => {
  it('refuses a token without c:vc.issuance, for issuing and listing', async () => {
    const { portalToken: owner } = await control.session('owner@acme.test')
    const issued = await issue(valid, { token: owner })
    expect(issued.status).toBe(403)
    expect((await errorOf(issued)).code).toBe('insufficient_scope')
    const listed = await call(cardsPath(), owner)
    expect(listed.status).toBe(403)
    expect((await list()).pagination.total).toBe(ACME_VIRTUAL_CARD_COUNT)
  })

  it('refuses another merchant than the token’s, and a token with no merchant chosen', async () => {
    const other = await issue(
      { ...valid, programID: PROGRAM_IDS.harborInstore },
      { merchantID: MERCHANT_IDS.harbor },
    )
    expect(other.status).toBe(403)
    expect((await errorOf(other)).code).toBe('merchant_not_allowed')
    const { portalToken: unchosen } = await control.session('ops@provider.test')
    const none = await issue(valid, { token: unchosen })
    expect(none.status).toBe(403)
    expect((await errorOf(none)).code).toBe('merchant_not_allowed')
  })

  it('refuses a merchant without an in-store virtual card program', async () => {
    const { portalToken } = await control.session('ops@provider.test', MERCHANT_IDS.initech)
    const response = await issue(
      { ...valid, programID: PROGRAM_IDS.initechInstore },
      { token: portalToken, merchantID: MERCHANT_IDS.initech },
    )
    expect(response.status).toBe(403)
    expect((await errorOf(response)).code).toBe('no_virtual_card_program')
  })
})
