import { isNotFound } from '@tanstack/react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { MERCHANT_IDS } from '../../../sandbox/data/ids'
import { signedInContext } from '../../../test/support/app-context'
import { fileSandbox } from '../../../test/support/sandbox'
import { MerchantNotChosen } from '../merchant-not-chosen'
import { type MerchantStepInput, merchantStep } from './merchant'

const sandbox = fileSandbox()

afterEach(async () => {
  await sandbox.control.reset()
})

const EXCHANGE = { path: '/api/auth/org/token/exchange', method: 'POST' } as const

/** The step's input for a persona, as a navigation (not a preload) to `search` would give it. */
async function stepFor(
  as: string,
  { merchantID, search = {} }: { merchantID?: string; search?: Record<string, unknown> } = {},
): Promise<MerchantStepInput> {
  const { services } = await signedInContext(sandbox, { as, merchantID })
  const claims = services.session.current()?.claims
  if (!claims) throw new Error(`${as} is not signed in`)
  await sandbox.control.clearRequests()
  return { services, claims, search, preload: false }
}

const deepLink = (merchantID: string) => ({ isDeepLink: 'true', merchantID })

describe('merchantStep', () => {
  it('keeps an assigned merchant whatever a deep link says, and stores, remembers and shows it', async () => {
    const input = await stepFor('owner@acme.test', { search: deepLink(MERCHANT_IDS.globex) })
    const acting = await merchantStep(input)
    expect(acting.merchantId).toBe(MERCHANT_IDS.acme)
    expect(acting.claims.cid).toBe(MERCHANT_IDS.acme)
    expect(await sandbox.control.requests(EXCHANGE)).toHaveLength(0)
    expect(input.services.storage.get('selectedMerchantId')).toBe(MERCHANT_IDS.acme)
    expect(input.services.storage.get('previousMerchants')?.[0]).toBe(MERCHANT_IDS.acme)
    expect(input.services.session.tabMerchant()).toBe(MERCHANT_IDS.acme)
  })

  it('throws MerchantNotChosen for a user who may pick and has chosen nothing', async () => {
    const input = await stepFor('ops@provider.test')
    await expect(merchantStep(input)).rejects.toBeInstanceOf(MerchantNotChosen)
    expect(input.services.session.tabMerchant()).toBeNull()
    expect(input.services.storage.get('selectedMerchantId')).toBeUndefined()
  })

  it('exchanges the token for the stored selection of a user who may pick', async () => {
    const input = await stepFor('ops@provider.test')
    input.services.storage.set('selectedMerchantId', MERCHANT_IDS.initech)
    const acting = await merchantStep(input)
    expect(acting).toMatchObject({ merchantId: MERCHANT_IDS.initech, claims: { cid: MERCHANT_IDS.initech } })
    expect(input.services.session.current()?.claims.cid).toBe(MERCHANT_IDS.initech)
    expect(input.services.session.tabMerchant()).toBe(MERCHANT_IDS.initech)
  })

  it("puts a deep link's merchant to the pages' checks, and stays when one vetoes", async () => {
    const input = await stepFor('ops@provider.test', {
      merchantID: MERCHANT_IDS.globex,
      search: deepLink(MERCHANT_IDS.harbor),
    })
    const asked: string[] = []
    const unregister = input.services.merchantChanges.register((next) => {
      asked.push(next)
      return false
    })
    expect((await merchantStep(input)).merchantId).toBe(MERCHANT_IDS.globex)
    expect(asked).toEqual([MERCHANT_IDS.harbor])
    expect(await sandbox.control.requests(EXCHANGE)).toHaveLength(0)

    unregister()
    expect((await merchantStep(input)).merchantId).toBe(MERCHANT_IDS.harbor)
    expect(input.services.storage.get('selectedMerchantId')).toBe(MERCHANT_IDS.harbor)
  })

  it("stays with the token's merchant when the exchange fails", async () => {
    const input = await stepFor('ops@provider.test', { merchantID: MERCHANT_IDS.globex })
    input.services.storage.set('selectedMerchantId', MERCHANT_IDS.globex)
    await sandbox.control.addFault({ ...EXCHANGE, kind: 'status', status: 500 })
    const acting = await merchantStep({ ...input, search: deepLink(MERCHANT_IDS.acme) })
    expect(acting.merchantId).toBe(MERCHANT_IDS.globex)
    expect(input.services.session.current()?.claims.cid).toBe(MERCHANT_IDS.globex)
  })

  it('never exchanges, stores or asks the pages for a preload', async () => {
    const input = await stepFor('ops@provider.test', { merchantID: MERCHANT_IDS.globex })
    input.services.merchantChanges.register(() => {
      throw new Error('a preload asked the pages')
    })
    const acting = await merchantStep({ ...input, search: deepLink(MERCHANT_IDS.acme), preload: true })
    expect(acting.merchantId).toBe(MERCHANT_IDS.globex)
    expect(await sandbox.control.requests(EXCHANGE)).toHaveLength(0)
    expect(input.services.storage.get('selectedMerchantId')).toBeUndefined()

    const unchosen = await stepFor('ops@provider.test')
    // Not the chooser's outcome: a preload without a merchant ends quietly (a thrown notFound()).
    await expect(merchantStep({ ...unchosen, preload: true })).rejects.toSatisfy(isNotFound)
  })
})
