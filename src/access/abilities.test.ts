import { describe, expect, it } from 'vitest'
import { ABILITIES, type AbilityName, abilitiesOf } from './abilities'
import { type AccessFacts, GATES, type ProgramFacts } from './gates'
import { accessLevel, SCOPES } from './scopes'

const everyScope: string[] = Object.values(SCOPES).flatMap((area) => Object.values(area))
const allPrograms: ProgramFacts = {
  ecommerce: true,
  ecommerceCheckoutSdk: true,
  instore: true,
  instoreVirtualCard: true,
}
const flagsOn = { isLocationPageEnabled: 'true', isMerchantIdValidationPageEnabled: 'true' }

function facts(scopes: Iterable<string>, overrides: Partial<AccessFacts> = {}): AccessFacts {
  return { scopes: new Set(scopes), brand: 'DEFAULT', programs: allPrograms, flags: flagsOn, ...overrides }
}

const settings = 'r:merchant.settings'

/** Each action and the scopes product spec section 6 makes it need: its page's scopes and its own. */
const SPEC: Record<AbilityName, readonly string[]> = {
  settle: ['c:tx.settle'],
  refund: ['c:tx.refund'],
  cancel: ['c:tx.cancel'],
  // Any c:tx scope: see its own test below.
  disputeAnswer: ['c:tx.refund'],
  cartCreate: ['r:cart', 'w:cart'],
  cartEdit: ['r:cart', 'u:cart'],
  cartNotify: ['r:cart', 'u:cart'],
  cartExpire: ['r:cart', 'u:cart'],
  userInvite: ['r:merchant.users', 'w:merchant.users'],
  userEdit: ['r:merchant.users', 'w:merchant.users'],
  locationEdit: ['r:merchant.location', 'u:merchant'],
  accountSettingsEdit: [settings, 'u:merchant.settings'],
  checkoutDesignEdit: [settings, 'r:ui_customizations', 'u:ui_customizations'],
  placementDesignEdit: [settings, 'r:placements', 'w:placements'],
  emailNotificationsEdit: [settings, 'r:org.subscription', 'w:org.subscription'],
  paymentProductsEdit: [settings, 'r:paymentProduct', 'u:merchant.settings'],
  bankInformationEdit: [settings, 'r:bank_information', 'u:bank_information'],
  accessKeysManage: [settings, 'r:merchant.api', 'w:merchant.api'],
  fundingSettingsEdit: [settings, 'r:funding_settings', 'u:funding_settings'],
  internalSettingsEdit: [settings, 'r:merchant.internal_settings', 'u:merchant.internal_settings'],
  cardIssuance: ['c:vc.issuance'],
  passwordChange: ['w:user.password'],
}
const names = Object.keys(SPEC) as AbilityName[]

describe('abilities of spec section 6', () => {
  it('has a rule for every action the spec lists, and no other', () => {
    expect(Object.keys(ABILITIES).sort()).toEqual([...names].sort())
  })

  it('grants every action to a user with every scope, program and flag', () => {
    expect(Object.values(abilitiesOf(facts(everyScope)))).not.toContain(false)
  })

  it('grants no action to a user with no scope', () => {
    expect(Object.values(abilitiesOf(facts([])))).not.toContain(true)
  })

  it.each(names.filter((name) => name !== 'disputeAnswer'))(
    '%s is granted by exactly the scopes the spec lists',
    (name) => {
      const rule = ABILITIES[name]
      expect(rule.allows(facts(SPEC[name])), rule.id).toBe(true)
      for (const missing of SPEC[name]) {
        const scopes = everyScope.filter((scope) => scope !== missing)
        expect(rule.allows(facts(scopes)), `${name} without ${missing}`).toBe(false)
      }
    },
  )

  it('lets any scope starting with c:tx answer a dispute, and nothing else', () => {
    for (const scope of ['c:tx', 'c:tx.settle', 'c:tx.refund', 'c:tx.cancel']) {
      expect(ABILITIES.disputeAnswer.allows(facts([scope])), scope).toBe(true)
    }
    const readOnly = everyScope.filter((scope) => !scope.startsWith('c:tx'))
    expect(ABILITIES.disputeAnswer.allows(facts(readOnly))).toBe(false)
  })

  it('evaluates each rule once into a plain record', () => {
    const viewer = facts(['r:cart', 'r:merchant.location'])
    const abilities = abilitiesOf(viewer)
    for (const name of names) expect(abilities[name], name).toBe(ABILITIES[name].allows(viewer))
  })

  it('offers cart actions only where carts are: the default brand with ecommerce enrollment', () => {
    const cartActions = ['cartCreate', 'cartEdit', 'cartNotify', 'cartExpire'] as const
    const noEcommerce = { ...allPrograms, ecommerce: false }
    for (const name of cartActions) {
      expect(ABILITIES[name].allows(facts(everyScope, { brand: 'BANK' })), name).toBe(false)
      expect(ABILITIES[name].allows(facts(everyScope, { programs: noEcommerce })), name).toBe(false)
    }
  })

  it('offers location edit only with the location flag, outside the bank brand', () => {
    const flagOff = { ...flagsOn, isLocationPageEnabled: 'false' }
    expect(ABILITIES.locationEdit.allows(facts(everyScope, { flags: flagOff }))).toBe(false)
    expect(ABILITIES.locationEdit.allows(facts(everyScope, { brand: 'BANK' }))).toBe(false)
  })

  it('issues virtual cards only with an INSTORE program in virtual card checkout mode', () => {
    const noVirtualCard = { ...allPrograms, instoreVirtualCard: false }
    expect(ABILITIES.cardIssuance.allows(facts(everyScope, { programs: noVirtualCard }))).toBe(false)
    expect(ABILITIES.cardIssuance.allows(facts(['c:vc.issuance'], { brand: 'BANK' }))).toBe(true)
  })

  it('lets only read-write users act on transactions', () => {
    for (const name of ['settle', 'refund', 'cancel'] as const) {
      expect(accessLevel(SPEC[name]), name).toBe('READ/WRITE')
    }
  })

  it("follows the spec's access rule: a token whose only write scope is c:tx may take every transaction action", () => {
    const transactions = GATES.transactions
    const page = ['r:merchant.settings']
    expect(transactions.allows(facts(page))).toBe(true)
    const actions = (scopes: string[]) =>
      (['settle', 'refund', 'cancel'] as const).filter((name) => ABILITIES[name].allows(facts(scopes)))
    expect(actions(['c:tx'])).toEqual(['settle', 'refund', 'cancel'])
    expect(actions(['c:tx.refund'])).toEqual(['refund'])
    expect(actions(['c:tx', 'c:tx.settle'])).toEqual(['settle'])
    expect(actions(['c:tx.unknown'])).toEqual([])
    expect(actions(['r:tx', 'u:tx', 'w:tx'])).toEqual([])
    expect(actions([])).toEqual([])
  })
})
