import { describe, expect, it } from 'vitest'
import { ACME, GLOBEX, storageFixture } from '../../test/support/storage-fixture'
import { storage as appStorage, createMemoryStorage, createStorage, type StorageLike } from './storage'
import type { StorageKey, StoredValues } from './stored-values'

// Reading, writing and the helpers of browser storage; subscriptions are in storage-subscribe.test.ts.

const ZERO = '00000000-0000-0000-0000-000000000000'

function merchant(index: number): string {
  return `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`
}

const { logged, log, browserStorage, subscribed } = storageFixture()

const samples: { [K in StorageKey]: StoredValues[K] } = {
  adminToken: 'admin-token',
  token: { token: 'portal-token', providerAccessToken: 'okta-token', storedAt: 1_767_225_600_000 },
  signedOut: { at: 1_767_225_600_000, reason: 'idle' },
  lastActivity: 1_767_225_600_000,
  returnTo: '/data-insights',
  selectedMerchantId: ACME,
  programSelections: { [ACME]: ['p1', 'p2'], [GLOBEX]: [] },
  knownPrograms: { [ACME]: ['p1', 'p2'], [GLOBEX]: [] },
  guardFacts: {
    userId: 'user-1',
    tenantId: 'tenant-1',
    merchantId: ACME,
    readAt: 1_767_225_600_000,
    flags: { transactionsExport: 'true' },
    tenant: { id: 'tenant-1', name: 'Acme', brand: 'DEFAULT' },
    merchant: {
      id: ACME,
      name: 'Acme Outdoor',
      tenantID: 'tenant-1',
      timeZone: 'America/Denver',
      currency: 'USD',
    },
    participations: [],
    programs: [],
  },
  previousMerchants: [ACME, ZERO],
  alerts: [
    {
      id: 'a1',
      status: 'ERROR',
      message: ['Something failed', 'Error was: boom'],
      duration: 20_000,
      createdAt: 1,
    },
    { id: 'a2', status: 'SUCCESS', message: 'Saved', createdAt: 2 },
  ],
  merchantChooserOpen: true,
  pendingWrites: { [`${ACME}:tx:TX-1:refund:500`]: { key: '6f1c0e52-8c1b-4d0e-9d1f-2b7a3c4d5e6f', at: 1 } },
  drafts: [
    {
      userId: 'user-1',
      merchantId: ACME,
      form: 'cart:new',
      values: { customer: { name: 'Ada' } },
      savedAt: 1_767_225_600_000,
    },
  ],
  savedViews: [
    {
      id: 'view-1',
      userId: 'user-1',
      merchantId: ACME,
      name: 'Shipped today',
      filters: { status: ['AUTHORIZED'], pageSize: 50, needsAction: true, search: 'ORD-1' },
      isDefault: true,
      savedAt: 1_767_225_600_000,
    },
  ],
  locale: 'fr-CA',
}

describe('round trips', () => {
  it.each(Object.keys(samples) as StorageKey[])('stores and reads %s', (key) => {
    const store = browserStorage()
    expect(store.get(key)).toBeUndefined()
    store.set(key, samples[key])
    expect(store.get(key)).toEqual(samples[key])
    expect(browserStorage().get(key)).toEqual(samples[key])
    store.remove(key)
    expect(store.get(key)).toBeUndefined()
    expect(logged).toEqual([])
  })

  it('keeps a token entry without a provider token and a false chooser state', () => {
    const store = browserStorage()
    store.set('token', { token: 't', storedAt: 5 })
    store.set('merchantChooserOpen', false)
    expect(store.get('token')).toEqual({ token: 't', storedAt: 5 })
    expect(store.get('merchantChooserOpen')).toBe(false)
  })

  it('namespaces keys, keeping alerts in sessionStorage and the rest in localStorage', () => {
    const store = browserStorage()
    store.set('selectedMerchantId', ACME)
    store.set('alerts', samples.alerts)
    expect(window.localStorage.getItem('mp:selectedMerchantId')).toBe(JSON.stringify(ACME))
    expect(window.localStorage.getItem('mp:alerts')).toBeNull()
    expect(window.sessionStorage.getItem('mp:alerts')).toBe(JSON.stringify(samples.alerts))
  })

  it('the app-wide storage uses the browser storage', () => {
    appStorage.set('merchantChooserOpen', true)
    expect(window.localStorage.getItem('mp:merchantChooserOpen')).toBe('true')
  })

  it('works on the in-memory fallback', () => {
    const memory = createMemoryStorage()
    const store = createStorage({ local: memory, session: memory }, log)
    store.set('adminToken', 'x')
    expect(store.get('adminToken')).toBe('x')
    expect(memory.getItem('mp:adminToken')).toBe('"x"')
  })
})

describe('reading validates', () => {
  it('treats unparsable JSON as absent and removes it', () => {
    window.localStorage.setItem('mp:token', '{"token": "abc"')
    expect(browserStorage().get('token')).toBeUndefined()
    expect(window.localStorage.getItem('mp:token')).toBeNull()
  })

  it.each([
    ['token', { token: '', storedAt: 1 }],
    ['token', 'a bare string from an older version'],
    ['adminToken', 42],
    ['selectedMerchantId', ''],
    ['selectedMerchantId', 'mer 7Qk2'],
    ['selectedMerchantId', 'x'.repeat(201)],
    ['programSelections', { 'has space': ['p1'] }],
    ['programSelections', { [ACME]: 'p1' }],
    ['knownPrograms', { [ACME]: [''] }],
    ['knownPrograms', [{ merchantId: ACME, programIds: ['p1'] }]],
    ['previousMerchants', [ACME, ACME]],
    ['previousMerchants', Array.from({ length: 11 }, (_, index) => merchant(index))],
    ['merchantChooserOpen', 'true'],
    ['locale', 'xx-XX'],
  ] as const)('treats a wrong %s shape as absent and removes it', (key, value) => {
    window.localStorage.setItem(`mp:${key}`, JSON.stringify(value))
    expect(browserStorage().get(key)).toBeUndefined()
    expect(window.localStorage.getItem(`mp:${key}`)).toBeNull()
  })

  it('removes an alert queue holding an unknown status', () => {
    window.sessionStorage.setItem(
      'mp:alerts',
      JSON.stringify([{ id: 'a', status: 'WARN', message: 'x', createdAt: 1 }]),
    )
    expect(browserStorage().get('alerts')).toBeUndefined()
    expect(window.sessionStorage.getItem('mp:alerts')).toBeNull()
  })

  it('treats storage that cannot be read as empty', () => {
    const blocked: StorageLike = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError')
      },
      setItem: () => {},
      removeItem: () => {},
    }
    expect(createStorage({ local: blocked, session: blocked }, log).get('token')).toBeUndefined()
  })
})

describe('writing', () => {
  function fullStorage(): StorageLike & { items: Map<string, string> } {
    const items = new Map<string, string>()
    return {
      items,
      getItem: (key) => items.get(key) ?? null,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
      },
      removeItem: (key) => {
        items.delete(key)
      },
    }
  }

  it('logs a failed write with the exact message and does not throw', () => {
    const full = fullStorage()
    const store = createStorage({ local: full, session: full }, log)
    const heard: unknown[] = []
    subscribed(store.subscribe('selectedMerchantId', (value) => heard.push(value)))
    expect(() => store.set('selectedMerchantId', ACME)).not.toThrow()
    expect(logged).toEqual([
      [
        'error',
        'failed to store value in local storage',
        { key: 'selectedMerchantId', error: 'QuotaExceededError: The quota has been exceeded.' },
      ],
    ])
    expect(store.get('selectedMerchantId')).toBeUndefined()
    expect(heard).toEqual([])
  })

  it('refuses a value that would not pass its own schema, keeping the old one', () => {
    const store = browserStorage()
    store.set('selectedMerchantId', ACME)
    store.set('selectedMerchantId', 'acme outdoor')
    expect(store.get('selectedMerchantId')).toBe(ACME)
    expect(logged).toEqual([
      [
        'error',
        'refused to store an invalid value',
        { key: 'selectedMerchantId', issues: ['(root): regex'] },
      ],
    ])
  })

  it('keeps merchant ids as opaque strings: a platform with ids such as mer_7Qk2 keeps its selection', () => {
    const store = browserStorage()
    store.set('selectedMerchantId', 'mer_7Qk2')
    store.rememberMerchant('mer_7Qk2')
    expect(browserStorage().get('selectedMerchantId')).toBe('mer_7Qk2')
    expect(browserStorage().get('previousMerchants')).toEqual(['mer_7Qk2'])
  })
})

describe('program selections', () => {
  const all = ['p1', 'p2', 'p3']

  it('selects every program of a merchant without a stored selection', () => {
    const store = browserStorage()
    expect(store.getProgramSelection(ACME, all)).toEqual(all)
    store.setProgramSelection(GLOBEX, ['p1'])
    expect(store.getProgramSelection(ACME, all)).toEqual(all)
  })

  it('returns the stored selection per merchant, in program order, without unknown ids', () => {
    const store = browserStorage()
    store.setProgramSelection(ACME, ['p3', 'p1', 'gone', 'p1'])
    store.setProgramSelection(GLOBEX, [])
    expect(store.get('programSelections')).toEqual({ [ACME]: ['p3', 'p1', 'gone'], [GLOBEX]: [] })
    expect(store.getProgramSelection(ACME, all)).toEqual(['p1', 'p3'])
    expect(store.getProgramSelection(GLOBEX, all)).toEqual([])
  })

  it('falls back to all when only programs the merchant no longer has were selected', () => {
    const store = browserStorage()
    store.setProgramSelection(ACME, ['gone'])
    expect(store.getProgramSelection(ACME, all)).toEqual(all)
  })
})

describe('previous merchants', () => {
  it('keeps the most recent first, without repeats, at most ten', () => {
    const store = browserStorage()
    for (let index = 0; index < 12; index += 1) store.rememberMerchant(merchant(index))
    store.rememberMerchant(merchant(5))
    const expected = [5, 11, 10, 9, 8, 7, 6, 4, 3, 2].map(merchant)
    expect(store.get('previousMerchants')).toEqual(expected)
    expect(logged).toEqual([])
  })
})

describe('clearSession', () => {
  it("after a sign-out, forgets the tokens, the selected merchant, the guard's facts and the drafts, and nothing else", () => {
    const store = browserStorage()
    for (const key of Object.keys(samples) as StorageKey[]) store.set(key, samples[key])
    const heard: unknown[] = []
    subscribed(store.subscribe('token', (value) => heard.push(value)))
    store.clearSession()
    expect(store.get('token')).toBeUndefined()
    expect(store.get('adminToken')).toBeUndefined()
    expect(store.get('selectedMerchantId')).toBeUndefined()
    expect(store.get('drafts')).toBeUndefined()
    expect(store.get('guardFacts')).toBeUndefined()
    expect(store.get('programSelections')).toEqual(samples.programSelections)
    expect(store.get('previousMerchants')).toEqual(samples.previousMerchants)
    expect(store.get('alerts')).toEqual(samples.alerts)
    expect(store.get('merchantChooserOpen')).toBe(true)
    expect(store.get('locale')).toBe('fr-CA')
    expect(heard).toEqual([undefined])
  })
})
