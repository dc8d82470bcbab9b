import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { PARTICIPATION_STATES } from '../../../contract/programs'
import { activeParticipations } from '../../programs/participations'
import { programFacts } from '../../programs/programs'
import { CartPageReader, CartResponseReader } from './carts'
import { isKnown, writeAnswer } from './common'
import { MerchantResponseReader, TenantResponseReader } from './merchants'
import { ParticipationPageReader, ProgramResponseReader } from './programs'
import { TransactionPageReader } from './transactions'

// What a newer platform may send: the fields the portal knows, and more.
const program = {
  id: 'prog_8f2a',
  name: 'Pay over time',
  channel: 'ECOMM',
  displayInterestRateBPS: 999,
  checkoutMode: 'Modal',
  currency: 'USD',
}

describe('readers are liberal', () => {
  it('ignore fields they do not know, at every level', () => {
    const parsed = v.parse(ProgramResponseReader, {
      data: { ...program, rewards: { tier: 'gold' } },
      meta: { version: 3 },
    })
    expect(parsed.data).toEqual(program)
  })

  it('take identifiers as opaque strings and currency from the data', () => {
    const merchant = v.parse(MerchantResponseReader, {
      data: {
        id: 'merchant-42',
        name: 'Acme',
        tenantID: 'tenant:7',
        timeZone: 'America/Denver',
        currency: 'CAD',
      },
    })
    expect(merchant.data).toMatchObject({ id: 'merchant-42', tenantID: 'tenant:7', currency: 'CAD' })
    expect(v.safeParse(MerchantResponseReader, { data: { ...merchant.data, id: '' } }).success).toBe(false)
  })

  it('keep an unknown checkout mode or channel as text, which opens no program gate', () => {
    const qr = v.parse(ProgramResponseReader, {
      data: { ...program, channel: 'INSTORE', checkoutMode: 'QRCode' },
    }).data
    const social = v.parse(ProgramResponseReader, { data: { ...program, channel: 'SOCIAL' } }).data
    expect(qr.checkoutMode).toBe('QRCode')
    expect(programFacts([qr])).toEqual({
      ecommerce: false,
      ecommerceCheckoutSdk: false,
      instore: true,
      instoreVirtualCard: false,
    })
    expect(programFacts([social])).toEqual({
      ecommerce: false,
      ecommerceCheckoutSdk: false,
      instore: false,
      instoreVirtualCard: false,
    })
  })

  it('keep an unknown participation state, which is never active', () => {
    const page = v.parse(ParticipationPageReader, {
      data: {
        items: [
          { id: 'p1', programID: 'a', merchantID: 'm', state: 'ACTIVE', deletedAt: null },
          { id: 'p2', programID: 'b', merchantID: 'm', state: 'ACTIVE_PENDING_REVIEW', deletedAt: null },
        ],
        pagination: { offset: 0, limit: 200, total: 2 },
      },
    })
    expect(page.data.items.map((p) => p.state)).toEqual(['ACTIVE', 'ACTIVE_PENDING_REVIEW'])
    expect(activeParticipations(page.data.items).map((p) => p.id)).toEqual(['p1'])
    expect(isKnown(PARTICIPATION_STATES, 'ACTIVE_PENDING_REVIEW')).toBe(false)
  })

  it('read a program with exactly the fields spec section 7 lists: its id stands in for the name', () => {
    const spec = { id: 'prog_8f2a', channel: 'ECOMM', displayInterestRateBPS: 0, checkoutMode: 'Redirect' }
    const parsed = v.parse(ProgramResponseReader, { data: spec })
    expect(parsed.data).toEqual({ ...spec, name: 'prog_8f2a' })
    expect(programFacts([parsed.data]).ecommerce).toBe(true)
  })

  it('read participations with exactly the spec fields: no deletedAt means not deleted, no id is needed', () => {
    const page = v.parse(ParticipationPageReader, {
      data: {
        items: [
          { programID: 'a', merchantID: 'm', state: 'ACTIVE' },
          { programID: 'b', merchantID: 'm', state: 'ACTIVE', deletedAt: '2026-01-02T00:00:00.000Z' },
        ],
        pagination: { offset: 0, limit: 200, total: 2 },
      },
    })
    expect(page.data.items[0]).toEqual({ programID: 'a', merchantID: 'm', state: 'ACTIVE', deletedAt: null })
    expect(activeParticipations(page.data.items).map((p) => p.programID)).toEqual(['a'])
  })

  it('keep an unknown brand', () => {
    const tenant = v.parse(TenantResponseReader, { data: { id: 't', name: 'Credit Union', brand: 'CU' } })
    expect(tenant.data.brand).toBe('CU')
  })

  it('leave out the one unreadable item of a list and count it', () => {
    const page = v.parse(TransactionPageReader, {
      data: {
        items: [{ id: 'TX-1', broken: true }],
        pagination: { offset: 0, limit: 25, total: 1 },
        summary: [{ status: 'DISPUTED', count: 1, total: 500 }],
      },
    })
    expect(page.data.items).toEqual([])
    expect(page.data.unreadable).toBe(1)
    expect(page.data.summary).toEqual([{ status: 'DISPUTED', count: 1, total: 500 }])
  })

  it('still refuse an answer that lacks what the page needs', () => {
    expect(v.safeParse(CartPageReader, { data: { items: [] } }).success).toBe(false)
    expect(v.safeParse(CartResponseReader, { data: { id: 'c1' } }).success).toBe(false)
  })

  it('count a write as done whatever its answer', () => {
    const schema = writeAnswer(ProgramResponseReader)
    expect(v.parse(schema, undefined)).toBeUndefined()
    expect(v.parse(schema, { ok: true })).toBeUndefined()
    expect(v.parse(schema, { data: program })).toEqual({ data: program })
  })
})
