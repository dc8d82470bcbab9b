import type { TypedStorage } from '../storage/storage'
import { isApiError } from './api-error'

/** Keys of writes whose answer is not known yet are forgotten after this long all the same. */
const PENDING_WRITE_LIFETIME_MS = 24 * 60 * 60_000
/** At most this many writes are remembered; the oldest go first. */
export const MAX_PENDING_WRITES = 50

/**
 * The idempotency keys of writes whose outcome is not known yet (their answer was lost, or never came),
 * kept in the tab's session storage by what the write is (its fingerprint: the merchant, the target and
 * the body), so that sending the same write again, from a reopened dialog, a retried form or a reloaded
 * page, carries the same key and the platform acts once. A key is forgotten once the answer is known:
 * a success, or a refusal (4xx), which acted on nothing; a new attempt then gets a new key.
 */
export interface PendingWrites {
  run<T>(fingerprint: string, send: (idempotencyKey: string) => Promise<T>): Promise<T>
}

function isKnownOutcome(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && error.status !== undefined && error.status < 500
}

export function pendingWrites(
  storage: Pick<TypedStorage, 'get' | 'set'>,
  now: () => number = Date.now,
): PendingWrites {
  const read = () => {
    const entries = Object.entries(storage.get('pendingWrites') ?? {})
    return entries.filter(([, entry]) => now() - entry.at < PENDING_WRITE_LIFETIME_MS)
  }
  const forget = (fingerprint: string) =>
    storage.set('pendingWrites', Object.fromEntries(read().filter(([name]) => name !== fingerprint)))

  return {
    async run(fingerprint, send) {
      const entries = read()
      let key = entries.find(([name]) => name === fingerprint)?.[1].key
      if (key === undefined) {
        key = crypto.randomUUID()
        const kept = entries.sort(([, a], [, b]) => b.at - a.at).slice(0, MAX_PENDING_WRITES - 1)
        storage.set('pendingWrites', Object.fromEntries([...kept, [fingerprint, { key, at: now() }]]))
      }
      try {
        const answer = await send(key)
        forget(fingerprint)
        return answer
      } catch (error) {
        if (isKnownOutcome(error)) forget(fingerprint)
        throw error
      }
    },
  }
}

/** A short, stable digest of a write's body for its fingerprint (FNV-1a, 32 bits, with the length). */
export function bodyDigest(body: unknown): string {
  const text = JSON.stringify(body) ?? ''
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return `${hash.toString(16).padStart(8, '0')}.${text.length}`
}
