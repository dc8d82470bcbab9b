import * as v from 'valibot'
import { log as appLog, type LogFn } from '../log/logger'
import {
  MAX_PREVIOUS_MERCHANTS,
  type StorageKey,
  type StoredValues,
  storedValueSchemas,
} from './stored-values'

export const KEY_PREFIX = 'mp:'
export const WRITE_FAILED_MESSAGE = 'failed to store value in local storage'

/** The part of the Web Storage API this module uses, so tests and fallbacks can stand in for it. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export interface StorageBackends {
  local: StorageLike
  session: StorageLike
}

export type StorageListener<K extends StorageKey> = (value: StoredValues[K] | undefined) => void

export interface TypedStorage {
  /** The stored value, or undefined when it is absent, unreadable or no longer valid (it is then removed). */
  get<K extends StorageKey>(key: K): StoredValues[K] | undefined
  /** Never throws: a refused or failed write is logged and the previous value stays. */
  set<K extends StorageKey>(key: K, value: StoredValues[K]): void
  remove(key: StorageKey): void
  /** Called after every write in this tab and every change another tab makes; returns the unsubscribe. */
  subscribe<K extends StorageKey>(key: K, listener: StorageListener<K>): () => void
  /** The selected ids among `allProgramIds`, in their order; all of them when nothing usable is stored. */
  getProgramSelection(merchantId: string, allProgramIds: readonly string[]): string[]
  setProgramSelection(merchantId: string, programIds: readonly string[]): void
  /** Puts the merchant first in the previously selected merchants. */
  rememberMerchant(merchantId: string): void
  /**
   * Forgets who is signed in and for which merchant (used by sign-out and by a session that expired);
   * after a sign-out, whose marker is written first, the forms' drafts too: a session that merely
   * expired keeps them for the user to restore after signing in again.
   */
  clearSession(): void
}

// Alerts live in sessionStorage: an alert belongs to the tab whose action raised it (it only has to
// survive that tab's redirects, such as a failed login callback), and should neither pop up in
// other tabs nor reappear after the browser is reopened.
// The remembered page of a tab that timed out is that tab's too, and so are the keys of its writes whose
// answer was lost.
export const SESSION_KEYS: ReadonlySet<StorageKey> = new Set<StorageKey>([
  'alerts',
  'returnTo',
  'pendingWrites',
])

const STORAGE_KEYS = Object.keys(storedValueSchemas) as StorageKey[]

function storageKeyOf(name: string): StorageKey | undefined {
  return STORAGE_KEYS.find((key) => `${KEY_PREFIX}${key}` === name)
}

type PeerNotify = (key: StorageKey, value: unknown, backend: StorageLike) => void

// Instances over the same backend (the app's and one a module or test made) hear each other's writes,
// as one tab must see one storage; only instances with listeners are held, so the rest can be collected.
const peersByBackend = new WeakMap<StorageLike, Set<PeerNotify>>()

function peersOf(backend: StorageLike): Set<PeerNotify> {
  const peers = peersByBackend.get(backend) ?? new Set<PeerNotify>()
  peersByBackend.set(backend, peers)
  return peers
}

function errorName(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
}

export function createStorage(
  backends: StorageBackends,
  log: LogFn,
  events: EventTarget | undefined = typeof window === 'undefined' ? undefined : window,
): TypedStorage {
  const listeners = new Map<StorageKey, Set<(value: unknown) => void>>()
  const lastRead = new Map<StorageKey, { raw: string; value: unknown }>()
  const backendOf = (key: StorageKey) => (SESSION_KEYS.has(key) ? backends.session : backends.local)

  function discard(key: StorageKey): void {
    try {
      backendOf(key).removeItem(`${KEY_PREFIX}${key}`)
    } catch {
      // The value is ignored on every read anyway; nothing more can be done when removal fails too.
    }
  }

  function get<K extends StorageKey>(key: K): StoredValues[K] | undefined {
    let raw: string | null
    try {
      raw = backendOf(key).getItem(`${KEY_PREFIX}${key}`)
    } catch {
      // Storage disabled by the browser's privacy settings behaves like empty storage.
      return undefined
    }
    if (raw === null) return undefined
    // What was read and validated last is not parsed and validated again while the text is the same
    // (the guards read the token and the merchant on every navigation). Values read are shared: read-only.
    const cached = lastRead.get(key)
    if (cached?.raw === raw) return cached.value as StoredValues[K]
    const value = parse(key, raw)
    if (value !== undefined) lastRead.set(key, { raw, value })
    return value
  }

  function parse<K extends StorageKey>(key: K, raw: string): StoredValues[K] | undefined {
    let parsed: unknown
    try {
      parsed = JSON.parse(raw)
    } catch {
      discard(key)
      return undefined
    }
    const result = v.safeParse(storedValueSchemas[key], parsed)
    if (!result.success) {
      discard(key)
      return undefined
    }
    return result.output as StoredValues[K]
  }

  function notify(key: StorageKey, value: unknown): void {
    for (const listener of listeners.get(key) ?? []) {
      try {
        listener(value)
      } catch (error) {
        log('error', 'storage listener failed', { key, error: errorName(error) })
      }
    }
  }

  function notifyPeers(key: StorageKey, value: unknown): void {
    const backend = backendOf(key)
    for (const peer of [...peersOf(backend)]) peer(key, value, backend)
  }

  const onPeerWrite: PeerNotify = (key, value, backend) => {
    if (backendOf(key) === backend) notify(key, value)
  }

  function set<K extends StorageKey>(key: K, value: StoredValues[K]): void {
    const result = v.safeParse(storedValueSchemas[key], value)
    if (!result.success) {
      log('error', 'refused to store an invalid value', {
        key,
        issues: result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.type}`),
      })
      return
    }
    const raw = JSON.stringify(result.output)
    try {
      // What is stored already is neither written nor announced again, as the browser raises no
      // `storage` event for it either: the merchant's guard stores the merchant on every navigation.
      if (backendOf(key).getItem(`${KEY_PREFIX}${key}`) === raw) return
      backendOf(key).setItem(`${KEY_PREFIX}${key}`, raw)
    } catch (error) {
      log('error', WRITE_FAILED_MESSAGE, { key, error: errorName(error) })
      return
    }
    notifyPeers(key, result.output)
  }

  function remove(key: StorageKey): void {
    try {
      backendOf(key).removeItem(`${KEY_PREFIX}${key}`)
    } catch (error) {
      log('error', 'failed to remove value from local storage', { key, error: errorName(error) })
      return
    }
    notifyPeers(key, undefined)
  }

  // Browsers fire `storage` only in the other tabs, after their storage already holds the new value.
  function onStorageEvent(event: Event): void {
    if (!(event instanceof StorageEvent)) return
    if (event.key === null) {
      for (const key of listeners.keys()) notify(key, get(key))
      return
    }
    const key = storageKeyOf(event.key)
    if (key && listeners.has(key)) notify(key, get(key))
  }

  function subscribe<K extends StorageKey>(key: K, listener: StorageListener<K>): () => void {
    // Values reach listeners only through notify(key, …), which is always given a value of this key.
    // A fresh wrapper per call lets the same function subscribe twice and unsubscribe each separately.
    const entry = (value: unknown) => (listener as (value: unknown) => void)(value)
    if (listeners.size === 0) {
      events?.addEventListener('storage', onStorageEvent)
      peersOf(backends.local).add(onPeerWrite)
      peersOf(backends.session).add(onPeerWrite)
    }
    const forKey = listeners.get(key) ?? new Set()
    forKey.add(entry)
    listeners.set(key, forKey)
    let active = true
    return () => {
      if (!active) return
      active = false
      forKey.delete(entry)
      if (forKey.size === 0) listeners.delete(key)
      if (listeners.size === 0) {
        events?.removeEventListener('storage', onStorageEvent)
        peersOf(backends.local).delete(onPeerWrite)
        peersOf(backends.session).delete(onPeerWrite)
      }
    }
  }

  function getProgramSelection(merchantId: string, allProgramIds: readonly string[]): string[] {
    const stored = get('programSelections')?.[merchantId]
    if (stored === undefined) return [...allProgramIds]
    const selected = new Set(stored)
    const known = allProgramIds.filter((id) => selected.has(id))
    // A selection made only of programs the merchant no longer has is stale, not a choice of none.
    return known.length === 0 && stored.length > 0 ? [...allProgramIds] : known
  }

  function setProgramSelection(merchantId: string, programIds: readonly string[]): void {
    set('programSelections', { ...get('programSelections'), [merchantId]: [...new Set(programIds)] })
  }

  function rememberMerchant(merchantId: string): void {
    const previous = get('previousMerchants') ?? []
    set(
      'previousMerchants',
      [merchantId, ...previous.filter((id) => id !== merchantId)].slice(0, MAX_PREVIOUS_MERCHANTS),
    )
  }

  function clearSession(): void {
    remove('token')
    remove('adminToken')
    remove('selectedMerchantId')
    remove('guardFacts')
    if (get('signedOut') !== undefined) remove('drafts')
  }

  return {
    get,
    set,
    remove,
    subscribe,
    getProgramSelection,
    setProgramSelection,
    rememberMerchant,
    clearSession,
  }
}

/** A Storage stand-in kept in memory, for browsers that refuse access to Web Storage. */
export function createMemoryStorage(): StorageLike {
  const values = new Map<string, string>()
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value))
    },
    removeItem: (key) => {
      values.delete(key)
    },
  }
}

function browserStorage(pick: (w: Window) => Storage): StorageLike {
  try {
    // Reading window.localStorage itself throws a SecurityError when the user blocks site data.
    if (typeof window !== 'undefined') return pick(window)
  } catch {
    // Falls through to memory, so the portal still works for this tab without persistence.
  }
  return createMemoryStorage()
}

/** The portal's storage, backed by the browser's localStorage and sessionStorage. */
export const storage: TypedStorage = createStorage(
  { local: browserStorage((w) => w.localStorage), session: browserStorage((w) => w.sessionStorage) },
  appLog,
)

export const { getProgramSelection, setProgramSelection, rememberMerchant, clearSession } = storage
