import { describe, expect, it } from 'vitest'
import { createMemoryStorage, createStorage } from '../storage/storage'
import { ApiError, type ApiErrorKind } from './api-error'
import { bodyDigest, MAX_PENDING_WRITES, pendingWrites } from './pending-writes'

function tabStorage() {
  return createStorage(
    { local: createMemoryStorage(), session: createMemoryStorage() },
    () => undefined,
    new EventTarget(),
  )
}

function failure(kind: ApiErrorKind, status?: number): ApiError {
  return new ApiError({ kind, status, method: 'POST', path: '/api/x', requestId: 'r', detail: 'failed' })
}

/** Sends the write, recording the key it carried, and answers or fails as told. */
function sender(outcome: 'ok' | ApiError) {
  const keys: string[] = []
  const send = async (key: string) => {
    keys.push(key)
    if (outcome !== 'ok') throw outcome
    return 'done'
  }
  return { keys, send }
}

describe('the keys of writes whose answer is not known yet', () => {
  it.each([
    ['a lost answer (network)', failure('network')],
    ['a time-out', failure('timeout')],
    ['a 5xx', failure('http', 503)],
  ])('after %s, sending the same write again carries the same key', async (_name, error) => {
    const storage = tabStorage()
    const lost = sender(error)
    await expect(pendingWrites(storage).run('m:tx:TX-1:refund:500', lost.send)).rejects.toBe(error)
    // A dialog opened again, or a reloaded page: a new PendingWrites over the tab's storage.
    const retry = sender('ok')
    expect(await pendingWrites(storage).run('m:tx:TX-1:refund:500', retry.send)).toBe('done')
    expect(retry.keys).toEqual(lost.keys)
  })

  it('forgets the key once the answer is known: a success, or a refusal that acted on nothing', async () => {
    const storage = tabStorage()
    const done = sender('ok')
    await pendingWrites(storage).run('w', done.send)
    const refused = sender(failure('http', 409))
    await expect(pendingWrites(storage).run('w', refused.send)).rejects.toThrow()
    const next = sender('ok')
    await pendingWrites(storage).run('w', next.send)
    expect(new Set([...done.keys, ...refused.keys, ...next.keys]).size).toBe(3)
    expect(storage.get('pendingWrites')).toEqual({})
  })

  it('gives another write (another amount) its own key', async () => {
    const storage = tabStorage()
    const first = sender(failure('network'))
    await expect(pendingWrites(storage).run('m:tx:TX-1:refund:500', first.send)).rejects.toThrow()
    const other = sender('ok')
    await pendingWrites(storage).run('m:tx:TX-1:refund:400', other.send)
    expect(other.keys[0]).not.toBe(first.keys[0])
  })

  it(`keeps at most ${MAX_PENDING_WRITES}, the newest, and forgets a day-old one`, async () => {
    const storage = tabStorage()
    let now = 1_000
    for (let index = 0; index < MAX_PENDING_WRITES + 5; index++) {
      now += 1
      await expect(
        pendingWrites(storage, () => now).run(`w${index}`, sender(failure('network')).send),
      ).rejects.toThrow()
    }
    const kept = Object.keys(storage.get('pendingWrites') ?? {})
    expect(kept).toHaveLength(MAX_PENDING_WRITES)
    expect(kept).not.toContain('w0')
    now += 24 * 60 * 60_000
    const late = sender('ok')
    await pendingWrites(storage, () => now).run(`w${MAX_PENDING_WRITES + 4}`, late.send)
    expect(Object.keys(storage.get('pendingWrites') ?? {})).toEqual([])
  })

  it('digests a body stably and tells different bodies apart', () => {
    expect(bodyDigest({ a: 1, b: [2] })).toBe(bodyDigest({ a: 1, b: [2] }))
    expect(bodyDigest({ a: 1 })).not.toBe(bodyDigest({ a: 2 }))
  })
})
