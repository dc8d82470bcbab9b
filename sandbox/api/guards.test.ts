import { describe, expect, it } from 'vitest'
import { allowsTransactionAction } from './guards'

describe("the platform's rule for transaction actions", () => {
  it('lets any scope starting with c:tx act, narrowed by per-action scopes', () => {
    expect(allowsTransactionAction(['c:tx'], 'c:tx.refund')).toBe(true)
    expect(allowsTransactionAction(['c:tx.refund'], 'c:tx.refund')).toBe(true)
    expect(allowsTransactionAction(['c:tx.settle'], 'c:tx.refund')).toBe(false)
    expect(allowsTransactionAction(['c:tx', 'c:tx.settle'], 'c:tx.refund')).toBe(false)
    expect(allowsTransactionAction(['r:cart', 'w:cart'], 'c:tx.refund')).toBe(false)
    expect(allowsTransactionAction([], 'c:tx.refund')).toBe(false)
  })
})
