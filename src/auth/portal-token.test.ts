import { describe, expect, it } from 'vitest'
import { ZERO_MERCHANT_ID } from '../../contract/auth'
import { canPickMerchant, decodePortalToken } from './portal-token'

const claims = {
  scp: ['r:cart', 'c:tx.refund'],
  cid: '6f1c2a8e-4d5b-4c3a-9e2f-1a2b3c4d5e6f',
  tenantID: '0b7e4f7a-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
  sub: 'user-1',
  uid: 'user-1',
  merchantID: '6f1c2a8e-4d5b-4c3a-9e2f-1a2b3c4d5e6f',
  iat: 1_800_000_000,
  exp: 1_800_000_900,
}

function encode(value: unknown): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url')
}

function token(payload: unknown): string {
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.c2lnbmF0dXJl`
}

describe('decodePortalToken', () => {
  it('reads the claims of a well-formed token', () => {
    expect(decodePortalToken(token(claims))).toEqual(claims)
  })

  it('takes merchant and tenant ids as opaque strings (the spec gives them no format)', () => {
    expect(decodePortalToken(token({ ...claims, cid: 'merchant_42', tenantID: 'tenant:7' }))).toMatchObject({
      cid: 'merchant_42',
      tenantID: 'tenant:7',
    })
  })

  it('reads UTF-8 claims', () => {
    expect(decodePortalToken(token({ ...claims, sub: 'Zoë Ñandú' }))?.sub).toBe('Zoë Ñandú')
  })

  it('reads each of two tokens read in turn as itself, and a refused one as none, every time', () => {
    const first = token(claims)
    const second = token({ ...claims, cid: 'merchant_42' })
    for (let turn = 0; turn < 2; turn++) {
      expect(decodePortalToken(first)?.cid).toBe(claims.cid)
      expect(decodePortalToken(first)?.cid).toBe(claims.cid)
      expect(decodePortalToken(second)?.cid).toBe('merchant_42')
      expect(decodePortalToken('a.b')).toBeNull()
    }
  })

  it.each([
    ['not a string', 42],
    ['empty', ''],
    ['two parts', 'a.b'],
    ['four parts', 'a.b.c.d'],
    ['not base64url', 'a.%%%.c'],
    ['not JSON', `a.${encode('nope')}.c`],
    ['missing scp', token({ ...claims, scp: undefined })],
    ['scp not a list', token({ ...claims, scp: 'r:cart' })],
    ['cid empty', token({ ...claims, cid: '' })],
    ['exp not a number', token({ ...claims, exp: '1800000900' })],
    ['array payload', token([claims])],
  ])('refuses %s', (_name, value) => {
    expect(decodePortalToken(value)).toBeNull()
  })
})

describe('canPickMerchant', () => {
  it('is true only for the all-zero merchant id', () => {
    expect(canPickMerchant({ ...claims, merchantID: ZERO_MERCHANT_ID })).toBe(true)
    expect(canPickMerchant(claims)).toBe(false)
  })
})
