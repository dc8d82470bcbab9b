import type { UserManager } from 'oidc-client-ts'
import { describe, expect, it } from 'vitest'
import { lazyUserManager, type OidcSettings } from './oidc'

const SETTINGS: OidcSettings = {
  issuer: 'https://idp.example',
  clientId: 'merchant-portal',
  origin: 'https://portal.example',
  offlineAccess: false,
  identityTimeoutMs: 10_000,
}

describe('the lazily loaded sign-in library', () => {
  it('is loaded once and shared', async () => {
    let loads = 0
    const manager = {} as UserManager
    const get = lazyUserManager(SETTINGS, async () => {
      loads += 1
      return manager
    })
    expect(await Promise.all([get(), get()])).toEqual([manager, manager])
    expect(await get()).toBe(manager)
    expect(loads).toBe(1)
  })

  it('loads again after a failed load instead of keeping the failure', async () => {
    let loads = 0
    const manager = {} as UserManager
    const get = lazyUserManager(SETTINGS, async () => {
      loads += 1
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return manager
    })
    await expect(get()).rejects.toThrow('Failed to fetch dynamically imported module')
    expect(await get()).toBe(manager)
    expect(loads).toBe(2)
  })
})
