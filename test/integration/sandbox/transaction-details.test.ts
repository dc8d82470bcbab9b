// @vitest-environment node
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Transaction } from '../../../contract/transactions'
import { MERCHANT_IDS } from '../../../sandbox/data/ids'
import { transactionDetails } from '../../../sandbox/resources/transactions-details'
import type { MerchantLedger } from '../../../sandbox/resources/transactions-ledger'
import { generateStore } from '../../../sandbox/store'
import { calendarDateIn } from '../../../src/shared/calendar'
import { fileSandbox } from '../../support/sandbox'
import { transactionsClient } from './transactions-client'

const ACME = MERCHANT_IDS.acme
const ACME_ZONE = 'America/Denver'
let newStoreLedger: MerchantLedger | undefined
// Before the sandbox starts: making a store holds the event loop, which no request should wait behind.
beforeAll(() => {
  newStoreLedger = generateStore().transactions.ledger(ACME)
})
const sandbox = fileSandbox()
const { key, call, list, detail } = transactionsClient(() => sandbox.apiUrl)
let owner: string

beforeAll(async () => {
  owner = (await sandbox.control.session('owner@acme.test')).portalToken
})
beforeEach(() => {
  sandbox.reset()
})

function expectWholeOrder(tx: Transaction) {
  const lines = tx.lineItems ?? []
  expect(lines.length, tx.id).toBeGreaterThan(0)
  for (const line of lines) expect(line.total).toBe(line.unitPrice * line.quantity)
  expect(lines.reduce((sum, line) => sum + line.total, 0)).toBe(tx.amounts.authorized)
  expect(tx.billingAddress?.postalCode).toMatch(/^\d{5}$/)
  // An in-store purchase is not shipped.
  expect(tx.shippingAddress === undefined).toBe(tx.channel === 'INSTORE')
  const plan = tx.plan
  if (!plan) throw new Error(`${tx.id} has no plan`)
  expect(plan.numberOfPayments).toBeGreaterThanOrEqual(1)
  expect(plan.aprBPS).toBeGreaterThanOrEqual(0)
  // A calendar date, on or after the day of the purchase in the merchant's zone.
  expect(plan.firstPaymentDate.toISOString()).toMatch(/T00:00:00\.000Z$/)
  expect(plan.firstPaymentDate.toISOString().slice(0, 10) >= calendarDateIn(tx.createdAt, ACME_ZONE)).toBe(
    true,
  )
}

describe('the transaction detail', () => {
  it('carries the order: line items adding up to the authorized amount, addresses and the plan', async () => {
    const page = await list(owner, ACME, { limit: 40, offset: 500 })
    const channels = new Set(page.items.map((item) => item.channel))
    expect(channels).toEqual(new Set(['ECOMM', 'INSTORE']))
    for (const item of page.items) expectWholeOrder(await detail(owner, item.id))
  })

  it('gives a transaction the same details on every read, after a reset and in another store', async () => {
    const [item] = (await list(owner, ACME, { limit: 1, offset: 77 })).items
    if (!item) throw new Error('no transaction')
    const first = await detail(owner, item.id)
    sandbox.reset()
    const again = await detail(owner, item.id)
    const pick = ({ lineItems, billingAddress, shippingAddress, plan }: Transaction) => ({
      lineItems,
      billingAddress,
      shippingAddress,
      plan,
    })
    expect(pick(again)).toEqual(pick(first))
    const ledger = newStoreLedger
    const record = ledger?.records.find((candidate) => candidate.id === item.id)
    if (!ledger || !record) throw new Error('not in a new store')
    const made = transactionDetails(record, ledger.details, ledger.timeZone)
    expect(made.lineItems).toEqual(first.lineItems)
    expect(made.plan?.firstPaymentDate).toBe(first.plan?.firstPaymentDate.toISOString().slice(0, 10))
  })

  it('answers an action with the whole detail, order included', async () => {
    const [open] = (await list(owner, ACME, { status: 'AUTHORIZED', limit: 1, offset: 5 })).items
    if (!open) throw new Error('no open authorization')
    const response = await call(`/api/transactions/${open.id}/settle`, owner, {
      method: 'POST',
      body: {},
      key: key(),
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { data: Record<string, unknown> }
    expect(Object.keys(body.data)).toEqual(
      expect.arrayContaining(['lineItems', 'billingAddress', 'plan', 'timeline', 'dispute']),
    )
  })

  it('makes details only when a detail is read, not with the ledger', () => {
    const ledger = newStoreLedger
    const record = ledger?.records[0]
    if (!ledger || !record) throw new Error('no ledger')
    expect(Object.keys(record)).not.toContain('lineItems')
    const started = performance.now()
    for (const each of ledger.records.slice(0, 1_000))
      transactionDetails(each, ledger.details, ledger.timeZone)
    const perThousand = performance.now() - started
    console.info(`order details for 1 000 transactions: ${perThousand.toFixed(1)} ms`)
    expect(perThousand).toBeLessThan(500)
  })
})
