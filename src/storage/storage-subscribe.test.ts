import { describe, expect, it } from 'vitest'
import { ACME, GLOBEX, storageFixture } from '../../test/support/storage-fixture'
import { createMemoryStorage, createStorage } from './storage'

const { logged, log, browserStorage, subscribed } = storageFixture()

describe('subscribe', () => {
  it('hears writes and removals in this tab until unsubscribed', () => {
    const store = browserStorage()
    const heard: unknown[] = []
    const unsubscribe = subscribed(store.subscribe('selectedMerchantId', (value) => heard.push(value)))
    store.set('selectedMerchantId', ACME)
    store.set('merchantChooserOpen', true)
    store.remove('selectedMerchantId')
    unsubscribe()
    store.set('selectedMerchantId', GLOBEX)
    expect(heard).toEqual([ACME, undefined])
  })

  it('hears nothing when a write stores what is stored already, and then stores nothing', () => {
    const store = browserStorage()
    store.set('selectedMerchantId', ACME)
    store.set('previousMerchants', [ACME, GLOBEX])
    const heard: unknown[] = []
    subscribed(store.subscribe('selectedMerchantId', (value) => heard.push(value)))
    subscribed(store.subscribe('previousMerchants', (value) => heard.push(value)))
    store.set('selectedMerchantId', ACME)
    store.rememberMerchant(ACME)
    expect(heard).toEqual([])
    store.rememberMerchant(GLOBEX)
    expect(heard).toEqual([[GLOBEX, ACME]])
  })

  it('reads what another tab wrote since its last read, and discards it when invalid', () => {
    const store = browserStorage()
    store.set('selectedMerchantId', ACME)
    expect(store.get('selectedMerchantId')).toBe(ACME)
    window.localStorage.setItem('mp:selectedMerchantId', JSON.stringify(GLOBEX))
    expect(store.get('selectedMerchantId')).toBe(GLOBEX)
    window.localStorage.setItem('mp:selectedMerchantId', '"no pe"')
    expect(store.get('selectedMerchantId')).toBeUndefined()
    expect(window.localStorage.getItem('mp:selectedMerchantId')).toBeNull()
  })

  it('hears writes made through another instance over the same storage', () => {
    const writer = browserStorage()
    const reader = browserStorage()
    const heard: unknown[] = []
    const unsubscribe = subscribed(reader.subscribe('selectedMerchantId', (value) => heard.push(value)))
    writer.set('selectedMerchantId', GLOBEX)
    writer.remove('selectedMerchantId')
    const memory = createMemoryStorage()
    createStorage({ local: memory, session: memory }, log).set('selectedMerchantId', ACME)
    unsubscribe()
    writer.set('selectedMerchantId', ACME)
    expect(heard).toEqual([GLOBEX, undefined])
  })

  it('hears changes made by another tab through the storage event', () => {
    const store = browserStorage()
    const heard: unknown[] = []
    subscribed(store.subscribe('token', (value) => heard.push(value)))
    const entry = JSON.stringify({ token: 'from-other-tab', storedAt: 9 })
    window.localStorage.setItem('mp:token', entry)
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'mp:token', newValue: entry, storageArea: window.localStorage }),
    )
    window.localStorage.removeItem('mp:token')
    window.dispatchEvent(new StorageEvent('storage', { key: 'mp:token', newValue: null }))
    window.dispatchEvent(new StorageEvent('storage', { key: 'mp:adminToken', newValue: '"x"' }))
    expect(heard).toEqual([{ token: 'from-other-tab', storedAt: 9 }, undefined])
  })

  it('reports an invalid value from another tab as absent', () => {
    const store = browserStorage()
    const heard: unknown[] = []
    subscribed(store.subscribe('selectedMerchantId', (value) => heard.push(value)))
    window.localStorage.setItem('mp:selectedMerchantId', '"no pe"')
    window.dispatchEvent(new StorageEvent('storage', { key: 'mp:selectedMerchantId', newValue: '"no pe"' }))
    expect(heard).toEqual([undefined])
    expect(window.localStorage.getItem('mp:selectedMerchantId')).toBeNull()
  })

  it('tells every listener when another tab clears storage', () => {
    const store = browserStorage()
    store.set('selectedMerchantId', ACME)
    const heard: unknown[] = []
    subscribed(store.subscribe('selectedMerchantId', (value) => heard.push(value)))
    window.localStorage.clear()
    window.dispatchEvent(new StorageEvent('storage', { key: null }))
    expect(heard).toEqual([undefined])
  })

  it('unsubscribes each subscription on its own, and only once', () => {
    const store = browserStorage()
    const heard: unknown[] = []
    const listener = (value: unknown) => heard.push(value)
    const first = subscribed(store.subscribe('adminToken', listener))
    first()
    first()
    subscribed(store.subscribe('adminToken', listener))
    const third = subscribed(store.subscribe('adminToken', listener))
    first()
    third()
    store.set('adminToken', 'a')
    expect(heard).toEqual(['a'])
  })

  it('stops listening to other tabs once the last listener leaves', () => {
    const store = browserStorage()
    const heard: unknown[] = []
    const unsubscribe = subscribed(store.subscribe('merchantChooserOpen', (value) => heard.push(value)))
    unsubscribe()
    window.dispatchEvent(new StorageEvent('storage', { key: 'mp:merchantChooserOpen', newValue: 'true' }))
    expect(heard).toEqual([])
  })

  it('keeps notifying the others when one listener throws', () => {
    const store = browserStorage()
    const heard: unknown[] = []
    subscribed(
      store.subscribe('adminToken', () => {
        throw new Error('listener bug')
      }),
    )
    subscribed(store.subscribe('adminToken', (value) => heard.push(value)))
    store.set('adminToken', 'a')
    expect(heard).toEqual(['a'])
    expect(logged).toEqual([
      ['error', 'storage listener failed', { key: 'adminToken', error: 'Error: listener bug' }],
    ])
  })
})
