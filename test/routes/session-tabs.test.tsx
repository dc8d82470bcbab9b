import { describe, expect, it } from 'vitest'
import { createControl } from '../../sandbox/control'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { createAppServices } from '../../src/app/services'
import { parseConfig } from '../../src/config/config'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()

/** One tab of the portal: its own services over the storage every tab of the profile shares. */
async function openTab() {
  const origin = window.location.origin
  const config = parseConfig(
    { env: 'local', apiurl: sandbox.apiUrl, issuer: sandbox.idpUrl, fakeAuth: true },
    origin,
  )
  return createAppServices(config, origin, { languages: ['en-US'] })
}

describe('two tabs of one session', () => {
  it('a merchant switch in one tab is not undone by a renewal that started first in another', async () => {
    const control = createControl(sandbox.apiUrl)
    const { providerAccessToken } = await control.session('ops@provider.test')
    const first = await openTab()
    const second = await openTab()
    await first.session.signInWithAdminToken(providerAccessToken)
    await first.session.exchange(MERCHANT_IDS.acme)
    const due = second.session.storedToken()
    expect(due).not.toBeNull()

    // Exchanges are slow, so without one lock the renewal, begun later, would finish last and undo the switch.
    await control.addFault({
      method: 'POST',
      path: '/api/auth/org/token/exchange',
      kind: 'delay',
      delayMs: 300,
      times: 2,
    })
    const renewing = second.session.renew(due)
    const switching = first.session.exchange(MERCHANT_IDS.globex)
    await expect(Promise.all([renewing, switching])).resolves.toEqual([
      true,
      expect.objectContaining({ cid: MERCHANT_IDS.globex }),
    ])
    expect(first.session.current()?.claims.cid).toBe(MERCHANT_IDS.globex)
    expect(second.session.current()?.claims.cid).toBe(MERCHANT_IDS.globex)
  })

  it('a tab that renews after another tab switched merchant uses the switched token', async () => {
    const control = createControl(sandbox.apiUrl)
    const { providerAccessToken } = await control.session('ops@provider.test')
    const first = await openTab()
    const second = await openTab()
    await first.session.signInWithAdminToken(providerAccessToken)
    await first.session.exchange(MERCHANT_IDS.acme)
    const due = second.session.storedToken()
    await first.session.exchange(MERCHANT_IDS.globex)
    await control.clearRequests()
    expect(await second.session.renew(due)).toBe(true)
    expect(second.session.current()?.claims.cid).toBe(MERCHANT_IDS.globex)
    expect(await control.requests({ path: '/api/auth/org/token/exchange', method: 'POST' })).toHaveLength(0)
  })

  it("a tab's merchant is the one it exchanged for, whatever another tab's token acts for", async () => {
    const control = createControl(sandbox.apiUrl)
    const { providerAccessToken } = await control.session('ops@provider.test')
    const first = await openTab()
    const second = await openTab()
    await first.session.signInWithAdminToken(providerAccessToken)
    expect(first.session.tabMerchant()).toBeNull()
    await first.session.exchange(MERCHANT_IDS.acme)
    await second.session.exchange(MERCHANT_IDS.globex)
    expect(first.session.current()?.claims.cid).toBe(MERCHANT_IDS.globex)
    expect(first.session.tabMerchant()).toBe(MERCHANT_IDS.acme)
    expect(second.session.tabMerchant()).toBe(MERCHANT_IDS.globex)
  })
})
