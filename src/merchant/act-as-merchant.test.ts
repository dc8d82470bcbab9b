import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createControl, type SandboxControl } from '../../sandbox/control'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { type Sandbox, startSandbox } from '../../sandbox/index'
import { signedInContext } from '../../test/support/signed-in-services'
import { actAsMerchant } from './act-as-merchant'

let sandbox: Sandbox
let control: SandboxControl

beforeAll(async () => {
  sandbox = await startSandbox({ apiPort: 0, idpPort: 0, quiet: true })
  control = createControl(sandbox.apiUrl)
})

afterAll(async () => {
  await sandbox.close()
})

const EXCHANGE = { path: '/api/auth/org/token/exchange', method: 'POST' } as const

describe('actAsMerchant', () => {
  it('exchanges the token for the merchant, stores and remembers it and shows it in the tab', async () => {
    const { services } = await signedInContext(sandbox, control, {
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
    const { services } = await signedInContext(sandbox, control, {
      as: 'ops@provider.test',
      merchantID: MERCHANT_IDS.initech,
    })
    await control.clearRequests()
    const claims = await actAsMerchant(services, MERCHANT_IDS.initech)
    expect(claims).toEqual(services.session.current()?.claims)
    expect(await control.requests(EXCHANGE)).toHaveLength(0)
    expect(services.storage.get('selectedMerchantId')).toBe(MERCHANT_IDS.initech)
  })

  it('stores nothing when the exchange fails', async () => {
    const { services } = await signedInContext(sandbox, control, {
      as: 'ops@provider.test',
      merchantID: MERCHANT_IDS.globex,
    })
    await control.addFault({ ...EXCHANGE, kind: 'status', status: 500 })
    await expect(actAsMerchant(services, MERCHANT_IDS.harbor)).rejects.toThrow()
    expect(services.storage.get('selectedMerchantId')).toBeUndefined()
    expect(services.session.current()?.claims.cid).toBe(MERCHANT_IDS.globex)
    await control.reset()
  })
})
