import { describe, expect, it } from 'vitest'
import { createControl } from '../../sandbox/control'
import { sandboxPortalConfig } from '../../sandbox/portal-config'
import { createAppServices, type ServiceOverrides } from '../../src/app/services'
import { type LockManagerLike, webLock } from '../../src/auth/renewal-lock'
import { parseConfig } from '../../src/config/config'
import { createMemoryStorage, type StorageLike } from '../../src/storage/storage'
import { MERCHANT_IDS } from '../support/platform-ids'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()

/** One tab of the portal: its own services over the storage every tab of the profile shares. */
async function openTab(overrides: ServiceOverrides = {}) {
  const origin = window.location.origin
  const config = parseConfig(
    { ...sandboxPortalConfig(sandbox.idpUrl), apiurl: sandbox.apiUrl, fakeAuth: true },
    origin,
  )
  return createAppServices(config, origin, { languages: ['en-US'], ...overrides })
}

/**
 * The browser's Web Locks, one exclusive lock for the profile, granted in turn (happy-dom has none).
 * `onHandOver` runs when a tab that waited is given the lock.
 */
class ProfileLocks implements LockManagerLike {
  #tail: Promise<unknown> = Promise.resolve()
  #busy = 0
  onHandOver: () => void = () => undefined

  request<T>(
    _name: string,
    options: { ifAvailable: true } | { signal: AbortSignal },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T> {
    if ('ifAvailable' in options) return this.#busy > 0 ? callback(null) : this.#queue(() => callback({}))
    return this.#queue(() => {
      this.onHandOver()
      return callback({})
    })
  }

  #queue<T>(task: () => Promise<T>): Promise<T> {
    this.#busy += 1
    const result = this.#tail.then(task).finally(() => {
      this.#busy -= 1
    })
    this.#tail = result.catch(() => undefined)
    return result
  }
}

/**
 * A second tab's view of the profile's localStorage, as Chromium keeps one in each tab's renderer: its
 * own writes reach the profile at once, another tab's reach it only when `deliver` passes them on
 * (with the `storage` event the browser fires).
 */
function laterView(profile: StorageLike) {
  const view = createMemoryStorage()
  return {
    storage: {
      getItem: (key: string) => view.getItem(key),
      setItem: (key: string, value: string) => {
        view.setItem(key, value)
        profile.setItem(key, value)
      },
      removeItem: (key: string) => {
        view.removeItem(key)
        profile.removeItem(key)
      },
    } satisfies StorageLike,
    deliver(keys: readonly string[]) {
      for (const key of keys) {
        const value = profile.getItem(key)
        if (value === view.getItem(key)) continue
        if (value === null) view.removeItem(key)
        else view.setItem(key, value)
        window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }))
      }
    },
  }
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

  it('a tab that waited for another tab to renew uses its token even when it reaches this tab after the lock', async () => {
    const control = createControl(sandbox.apiUrl)
    const { providerAccessToken } = await control.session('owner@acme.test')
    const profile = createMemoryStorage()
    const locks = new ProfileLocks()
    const lock = webLock(locks, 'session', { waitMs: 12_000 })
    const secondView = laterView(profile)
    const sessionKeys = ['mp:token', 'mp:adminToken']
    const first = await openTab({ backends: { local: profile, session: createMemoryStorage() }, lock })
    const second = await openTab({
      backends: { local: secondView.storage, session: createMemoryStorage() },
      lock,
    })
    await first.session.signInWithAdminToken(providerAccessToken)
    secondView.deliver(sessionKeys)
    const refused = second.session.storedToken()
    expect(refused).not.toBeNull()
    await control.clearRequests()

    // Both tabs' requests were refused with the same token. The second tab is given the lock before the
    // first tab's renewed token has reached its storage, as happens in Chromium under load.
    locks.onHandOver = () => setTimeout(() => secondView.deliver(sessionKeys), 0)
    await expect(Promise.all([first.session.renew(refused), second.session.renew(refused)])).resolves.toEqual(
      [true, true],
    )
    expect(await control.requests({ path: '/api/auth/org/token/exchange', method: 'POST' })).toHaveLength(1)
    expect(second.session.storedToken()).toBe(first.session.storedToken())
    expect(second.session.storedToken()).not.toBe(refused)
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
