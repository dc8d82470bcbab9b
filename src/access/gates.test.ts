import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { BRANDS } from '../../contract/merchants'
import { openPicklist } from '../api/schemas/common'
import {
  type AccessFacts,
  all,
  flag,
  GATES,
  type GateName,
  isFlagOn,
  notBankBrand,
  open,
  program,
  scope,
} from './gates'
import { SCOPES } from './scopes'

const everyScope = Object.values(SCOPES).flatMap((area) => Object.values(area))
const allPrograms = { ecommerce: true, ecommerceCheckoutSdk: true, instore: true, instoreVirtualCard: true }
const flagsOn = { isLocationPageEnabled: 'true', isMerchantIdValidationPageEnabled: 'true' }

function facts(overrides: Partial<AccessFacts> = {}): AccessFacts {
  return {
    scopes: new Set(everyScope),
    brand: 'DEFAULT',
    programs: allPrograms,
    flags: flagsOn,
    ...overrides,
  }
}

function allowed(f: AccessFacts): GateName[] {
  return (Object.keys(GATES) as GateName[]).filter((name) => GATES[name].allows(f))
}

describe('gate combinators', () => {
  it('open allows anyone', () => {
    expect(open.allows(facts({ scopes: new Set() }))).toBe(true)
  })

  it('scope needs the exact scope', () => {
    expect(scope('r:cart').allows(facts({ scopes: new Set(['r:cart']) }))).toBe(true)
    expect(scope('r:cart').allows(facts({ scopes: new Set(['r:carts', 'w:cart']) }))).toBe(false)
  })

  it('program reads the program facts', () => {
    expect(program('instore').allows(facts({ programs: { ...allPrograms, instore: false } }))).toBe(false)
  })

  it('a flag is on only when its value is the text true', () => {
    for (const value of ['TRUE', 'True', '1', 'yes', '', 'false']) {
      expect(isFlagOn({ isLocationPageEnabled: value }, 'isLocationPageEnabled'), value).toBe(false)
    }
    expect(flag('isLocationPageEnabled').allows(facts({ flags: {} }))).toBe(false)
    expect(isFlagOn({ isLocationPageEnabled: 'true' }, 'isLocationPageEnabled')).toBe(true)
  })

  it('all needs every part and names them', () => {
    const gate = all(scope('r:cart'), notBankBrand)
    expect(gate.id).toBe('scope(r:cart) & not-bank-brand')
    expect(gate.allows(facts({ brand: 'BANK' }))).toBe(false)
    expect(gate.allows(facts())).toBe(true)
  })
})

describe('route gates of spec section 6', () => {
  it('lets a user with every scope, program and flag open everything', () => {
    expect(allowed(facts())).toEqual(Object.keys(GATES))
  })

  it('hides carts, locations, settlement report and targeting export for the bank brand', () => {
    const hidden = ['settlementReport', 'targetingExport', 'carts', 'cartCreate', 'locations']
    expect(allowed(facts({ brand: 'BANK' }))).toEqual(
      Object.keys(GATES).filter((name) => !hidden.includes(name)),
    )
  })

  it('treats a brand it does not know as it treats the bank brand: the same areas stay hidden', () => {
    // Read as the tenant answer's reader reads it: an unknown value kept as its text.
    const future = v.parse(openPicklist(BRANDS), 'FUTURE_BRAND')
    expect(allowed(facts({ brand: future }))).toEqual(allowed(facts({ brand: 'BANK' })))
    expect(allowed(facts({ brand: future }))).not.toContain('carts')
  })

  it('needs ecommerce enrollment for carts even with the cart scopes', () => {
    const instoreOnly = { ...allPrograms, ecommerce: false, ecommerceCheckoutSdk: false }
    const names = allowed(facts({ programs: instoreOnly }))
    expect(names).not.toContain('carts')
    expect(names).not.toContain('cartCreate')
  })

  it('needs w:cart to create a cart', () => {
    const scopes = new Set(everyScope.filter((s) => s !== 'w:cart'))
    expect(allowed(facts({ scopes }))).not.toContain('cartCreate')
    expect(allowed(facts({ scopes }))).toContain('carts')
  })

  it('needs the location flag and scope for locations', () => {
    expect(allowed(facts({ flags: { ...flagsOn, isLocationPageEnabled: 'false' } }))).not.toContain(
      'locations',
    )
    expect(allowed(facts({ scopes: new Set(['r:cart']) }))).not.toContain('locations')
  })

  it('denies merchant ID validation when its flag is false', () => {
    expect(
      allowed(facts({ flags: { ...flagsOn, isMerchantIdValidationPageEnabled: 'false' } })),
    ).not.toContain('merchantIdValidation')
  })

  it('needs the settings page-access scope for every settings page', () => {
    const scopes = new Set(everyScope.filter((s) => s !== 'r:merchant.settings'))
    const names = allowed(facts({ scopes }))
    expect(names).toEqual([
      'transactions',
      'dataInsights',
      'settlementReport',
      'targetingExport',
      'userManagement',
      'carts',
      'cartCreate',
      'locations',
    ])
  })

  it.each([
    ['checkoutDesign', 'r:ui_customizations'],
    ['placementDesign', 'r:placements'],
    ['accessKeys', 'r:merchant.api'],
    ['emailNotifications', 'r:org.subscription'],
    ['paymentProducts', 'r:paymentProduct'],
    ['internalSettings', 'r:merchant.internal_settings'],
    ['bankInformation', 'r:bank_information'],
    ['fundingSettings', 'r:funding_settings'],
    ['locationVerificationCodes', 'r:org.code'],
    ['merchantIdValidation', 'r:vc.restricted'],
    ['userManagement', 'r:merchant.users'],
  ] as const)('%s needs %s', (gate, needed) => {
    const scopes = new Set(everyScope.filter((s) => s !== needed))
    expect(GATES[gate].allows(facts({ scopes }))).toBe(false)
    expect(GATES[gate].allows(facts())).toBe(true)
  })

  it('gives the viewer persona (r:cart, r:merchant.location) only the open pages, carts and locations', () => {
    const names = allowed(facts({ scopes: new Set(['r:cart', 'r:merchant.location']) }))
    expect(names).toEqual([
      'transactions',
      'dataInsights',
      'settlementReport',
      'targetingExport',
      'carts',
      'locations',
    ])
  })
})
