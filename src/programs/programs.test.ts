import { describe, expect, it } from 'vitest'
import type { Participation, Program } from '../api/schemas/programs'
import { activeParticipations } from './participations'
import { programFacts } from './programs'

function program(overrides: Partial<Program>): Program {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Program',
    channel: 'ECOMM',
    displayInterestRateBPS: 0,
    checkoutMode: 'Redirect',
    currency: 'USD',
    ...overrides,
  }
}

describe('programFacts', () => {
  it('is all false without programs', () => {
    expect(programFacts([])).toEqual({
      ecommerce: false,
      ecommerceCheckoutSdk: false,
      instore: false,
      instoreVirtualCard: false,
    })
  })

  it('needs an interest rate above zero for checkout SDK access', () => {
    expect(programFacts([program({ displayInterestRateBPS: 0 })])).toMatchObject({
      ecommerce: true,
      ecommerceCheckoutSdk: false,
    })
    expect(programFacts([program({ displayInterestRateBPS: 1 })]).ecommerceCheckoutSdk).toBe(true)
  })

  it('needs the VirtualCard checkout mode on an INSTORE program for virtual cards', () => {
    expect(
      programFacts([program({ channel: 'ECOMM', checkoutMode: 'VirtualCard' })]).instoreVirtualCard,
    ).toBe(false)
    expect(programFacts([program({ channel: 'INSTORE', checkoutMode: 'Modal' })])).toMatchObject({
      instore: true,
      instoreVirtualCard: false,
    })
    expect(
      programFacts([program({ channel: 'INSTORE', checkoutMode: 'VirtualCard' })]).instoreVirtualCard,
    ).toBe(true)
  })
})

describe('activeParticipations', () => {
  const base: Participation = {
    id: 'p',
    programID: 'x',
    merchantID: 'm',
    state: 'ACTIVE',
    deletedAt: null,
  }

  it('keeps ACTIVE participations without deletedAt', () => {
    const list: Participation[] = [
      { ...base, id: 'active' },
      { ...base, id: 'lapsed', state: 'LAPSED' },
      { ...base, id: 'scheduled', state: 'SCHEDULED' },
      { ...base, id: 'deleted', deletedAt: new Date('2026-01-01') },
    ]
    expect(activeParticipations(list).map((p) => p.id)).toEqual(['active'])
  })
})
