import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { createMemoryStorage, createStorage } from '../storage/storage'
import { MAX_DRAFT_CHARS, MAX_DRAFTS } from '../storage/stored-values'
import { createDraftStore, MAX_DRAFT_AGE_MS } from './draft-store'

const ANA = { userId: 'user-ana', merchantId: 'merchant-acme' }
const ANA_AT_GLOBEX = { userId: 'user-ana', merchantId: 'merchant-globex' }
const BEN = { userId: 'user-ben', merchantId: 'merchant-acme' }

const refund = v.object({ amount: v.string(), reason: v.string() })

function setUp() {
  let clock = 1_767_225_600_000
  const logged: string[] = []
  const storage = createStorage(
    { local: createMemoryStorage(), session: createMemoryStorage() },
    (_level, message) => logged.push(message),
    undefined,
  )
  const drafts = createDraftStore(storage, () => clock)
  return {
    storage,
    drafts,
    logged,
    advance: (ms: number) => {
      clock += ms
    },
  }
}

describe('the draft store', () => {
  it('gives a draft back to its user, for its merchant and form only', () => {
    const { drafts } = setUp()
    drafts.save(ANA, 'refund:tx-1', { amount: '12.50', reason: 'Damaged' })
    expect(drafts.read(ANA, 'refund:tx-1', refund)?.values).toEqual({ amount: '12.50', reason: 'Damaged' })
    expect(drafts.read(ANA, 'refund:tx-2', refund)).toBeNull()
    expect(drafts.read(ANA_AT_GLOBEX, 'refund:tx-1', refund)).toBeNull()
    expect(drafts.read(ANA, 'refund:tx-1', refund)?.values.amount).toBe('12.50')
  })

  it('keeps one draft per form, the latest', () => {
    const { drafts, storage } = setUp()
    drafts.save(ANA, 'refund:tx-1', { amount: '1', reason: '' })
    drafts.save(ANA, 'refund:tx-1', { amount: '2', reason: '' })
    expect(drafts.read(ANA, 'refund:tx-1', refund)?.values.amount).toBe('2')
    expect(storage.get('drafts')).toHaveLength(1)
  })

  it("never offers another user's draft, and drops it when someone else reads", () => {
    const { drafts, storage } = setUp()
    drafts.save(ANA, 'refund:tx-1', { amount: '1', reason: '' })
    expect(drafts.read(BEN, 'refund:tx-1', refund)).toBeNull()
    expect(storage.get('drafts')).toBeUndefined()
    expect(drafts.read(ANA, 'refund:tx-1', refund)).toBeNull()
  })

  it('drops a draft that no longer fits its form, and keeps the others', () => {
    const { drafts } = setUp()
    drafts.save(ANA, 'refund:tx-1', { amount: 5, note: 'an older form' })
    drafts.save(ANA, 'refund:tx-2', { amount: '5', reason: '' })
    expect(drafts.read(ANA, 'refund:tx-1', refund)).toBeNull()
    expect(drafts.read(ANA, 'refund:tx-1', v.unknown())).toBeNull()
    expect(drafts.read(ANA, 'refund:tx-2', refund)?.values.amount).toBe('5')
  })

  it("hands back what the form's schema makes of the stored values", () => {
    const { drafts } = setUp()
    drafts.save(ANA, 'rows', { rows: [{ key: 'row-1' }] })
    const rekeyed = v.object({
      rows: v.array(
        v.pipe(
          v.object({ key: v.string() }),
          v.transform(() => ({ key: 'fresh' })),
        ),
      ),
    })
    expect(drafts.read(ANA, 'rows', rekeyed)?.values).toEqual({ rows: [{ key: 'fresh' }] })
  })

  it('forgets a removed draft', () => {
    const { drafts } = setUp()
    drafts.save(ANA, 'refund:tx-1', { amount: '1', reason: '' })
    drafts.save(ANA, 'refund:tx-2', { amount: '2', reason: '' })
    drafts.remove(ANA, 'refund:tx-1')
    expect(drafts.read(ANA, 'refund:tx-1', refund)).toBeNull()
    expect(drafts.read(ANA, 'refund:tx-2', refund)).not.toBeNull()
  })

  it('lets drafts older than the maximum age go', () => {
    const { drafts, advance } = setUp()
    drafts.save(ANA, 'refund:tx-1', { amount: '1', reason: '' })
    advance(MAX_DRAFT_AGE_MS)
    expect(drafts.read(ANA, 'refund:tx-1', refund)?.savedAt).toBeDefined()
    advance(1)
    expect(drafts.read(ANA, 'refund:tx-1', refund)).toBeNull()
  })

  it('keeps the latest drafts up to the bound', () => {
    const { drafts, storage, advance } = setUp()
    for (let index = 0; index <= MAX_DRAFTS; index += 1) {
      drafts.save(ANA, `refund:tx-${index}`, { amount: String(index), reason: '' })
      advance(1)
    }
    expect(storage.get('drafts')).toHaveLength(MAX_DRAFTS)
    expect(drafts.read(ANA, 'refund:tx-0', refund)).toBeNull()
    expect(drafts.read(ANA, `refund:tx-${MAX_DRAFTS}`, refund)?.values.amount).toBe(String(MAX_DRAFTS))
  })

  it('does not keep values too large to store, and keeps the other drafts', () => {
    const { drafts, logged } = setUp()
    drafts.save(ANA, 'refund:tx-1', { amount: '1', reason: '' })
    drafts.save(ANA, 'refund:tx-2', { amount: '1', reason: 'x'.repeat(MAX_DRAFT_CHARS) })
    expect(drafts.read(ANA, 'refund:tx-2', refund)).toBeNull()
    expect(drafts.read(ANA, 'refund:tx-1', refund)).not.toBeNull()
    expect(logged).toEqual([])
  })
})

describe("the storage's clearSession", () => {
  it('keeps the drafts when the session merely expired, and forgets them after a sign-out', () => {
    const { drafts, storage } = setUp()
    drafts.save(ANA, 'refund:tx-1', { amount: '1', reason: '' })
    storage.clearSession()
    expect(drafts.read(ANA, 'refund:tx-1', refund)).not.toBeNull()
    storage.set('signedOut', { at: 1, reason: 'user' })
    storage.clearSession()
    expect(storage.get('drafts')).toBeUndefined()
  })
})
