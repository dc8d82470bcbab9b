import { describe, expect, it } from 'vitest'
import { ZERO_MERCHANT_ID } from '../../contract/auth'
import { resolveMerchantId } from './merchant-priority'

const ACME = '11111111-1111-4111-8111-111111111111'
const GLOBEX = '22222222-2222-4222-8222-222222222222'
const INITECH = '33333333-3333-4333-8333-333333333333'

const ops = (cid = ZERO_MERCHANT_ID) => ({ merchantID: ZERO_MERCHANT_ID, cid })
const assigned = { merchantID: ACME, cid: ACME }

describe('resolveMerchantId', () => {
  it('puts the deep link first, then the token, then the stored selection', () => {
    expect(
      resolveMerchantId({ claims: ops(GLOBEX), deepLinkMerchantId: INITECH, storedMerchantId: ACME }),
    ).toBe(INITECH)
    expect(resolveMerchantId({ claims: ops(GLOBEX), storedMerchantId: ACME })).toBe(GLOBEX)
    expect(resolveMerchantId({ claims: ops(), storedMerchantId: ACME })).toBe(ACME)
  })

  it('has no merchant for a user who has not picked one', () => {
    expect(resolveMerchantId({ claims: ops() })).toBeNull()
    expect(
      resolveMerchantId({ claims: ops(), deepLinkMerchantId: ZERO_MERCHANT_ID, storedMerchantId: null }),
    ).toBeNull()
  })

  it('never moves an assigned user, whatever the deep link or storage say', () => {
    expect(
      resolveMerchantId({ claims: assigned, deepLinkMerchantId: GLOBEX, storedMerchantId: INITECH }),
    ).toBe(ACME)
    expect(resolveMerchantId({ claims: { merchantID: ACME, cid: GLOBEX } })).toBe(ACME)
  })
})
