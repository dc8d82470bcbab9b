import { describe, expect, it } from 'vitest'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { signedInContext } from '../../test/support/app-context'
import { fileSandbox } from '../../test/support/sandbox'
import { actAsMerchant } from './act-as-merchant'

const sandbox = fileSandbox()

const EXCHANGE = { path: '/api/auth/org/token/exchange', method: 'POST' } as const

describe('actAsMerchant', () => {
  it('exchanges the token for the merchant, stores and remembers it and shows it in the tab', async () => {
    const { services } = await signedInContext(sandbox, {
      as: 'ops@provider.test',
      merchantID: MERCHANT_IDS.globex,
    })
    const claims = await actAsMerchant(services, MERCHANT_IDS.acme)
    expect(claims.cid).toBe(MERCHANT_IDS.acme)
    expect(services.session.current()?.claims.cid).toBe(MERCHANT_IDS.acme)
    expect(services.session.tabMerchant()).toBe(MERCHANT_IDS.acme)
    expect(services.storage.get('selectedMerchantId')).toBe(MERCHANT_IDS.acme)
    expect(services.storage.get('previousMerchants')?.[0]).toBe(MERCHANT_IDS.acme)
  })

  it('makes no exchange when the token already acts for the merchant', async () => {
    const { services } = await signedInContext(sandbox, {
      as: 'ops@provider.test',
      merchantID: MERCHANT_IDS.initech,
    })
    await sandbox.control.clearRequests()
    const claims = await actAsMerchant(services, MERCHANT_IDS.initech)
    expect(claims).toEqual(services.session.current()?.claims)
    expect(await sandbox.control.requests(EXCHANGE)).toHaveLength(0)
    expect(services.storage.get('selectedMerchantId')).toBe(MERCHANT_IDS.initech)
  })

  it('writes nothing again when the merchant is stored already and the first remembered', async () => {
    const { services } = await signedInContext(sandbox, {
      as: 'ops@provider.test',
      merchantID: MERCHANT_IDS.initech,
    })
    await actAsMerchant(services, MERCHANT_IDS.initech)
    const written: string[] = []
    const unsubscribe = [
      services.storage.subscribe('selectedMerchantId', () => written.push('selectedMerchantId')),
      services.storage.subscribe('previousMerchants', () => written.push('previousMerchants')),
    ]
    await actAsMerchant(services, MERCHANT_IDS.initech)
    for (const stop of unsubscribe) stop()
    expect(written).toEqual([])
    expect(services.storage.get('selectedMerchantId')).toBe(MERCHANT_IDS.initech)
    expect(services.storage.get('previousMerchants')?.[0]).toBe(MERCHANT_IDS.initech)
  })

  it('stores nothing when the exchange fails', async () => {
    const { services } = await signedInContext(sandbox, {
      as: 'ops@provider.test',
      merchantID: MERCHANT_IDS.globex,
    })
    await sandbox.control.addFault({ ...EXCHANGE, kind: 'status', status: 500 })
    await expect(actAsMerchant(services, MERCHANT_IDS.harbor)).rejects.toThrow()
    expect(services.storage.get('selectedMerchantId')).toBeUndefined()
    expect(services.session.current()?.claims.cid).toBe(MERCHANT_IDS.globex)
    await sandbox.control.reset()
  })
})
