import { type MessageDescriptor, setupI18n } from '@lingui/core'
import { createRouter } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { routeTree } from '../../routes.gen'
import type { AccessFacts } from '../access/gates'
import { SCOPES } from '../access/scopes'
import { gateOf } from '../guards/guard'
import { destinations } from './destinations'
import { isCurrent, MAIN_LAYOUT, menuOf } from './menus'

// The menus read the tree's structure and options only: no context is needed to build it.
const routes = Object.values(createRouter({ routeTree, context: {} as never }).routesById)
const SETTINGS_LAYOUT = '/_authed/_merchant/_settings'

const everyScope = Object.values(SCOPES).flatMap((area) => Object.values(area))
const allPrograms = { ecommerce: true, ecommerceCheckoutSdk: true, instore: true, instoreVirtualCard: true }

function facts(overrides: Partial<AccessFacts> = {}): AccessFacts {
  return {
    scopes: new Set(everyScope),
    brand: 'DEFAULT',
    programs: allPrograms,
    flags: { isLocationPageEnabled: 'true', isMerchantIdValidationPageEnabled: 'true' },
    ...overrides,
  }
}

const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } })
const labels = (items: readonly { label: MessageDescriptor }[]) => items.map((item) => i18n._(item.label))

describe('the menus read from the route tree', () => {
  it('lists the main navigation in its order, the settings area as one entry going to its first page', () => {
    const main = menuOf(routes, MAIN_LAYOUT, facts())
    expect(labels(main.filter((item) => !item.paletteOnly))).toEqual([
      'Transactions',
      'Data insights',
      'Settlement report',
      'Targeting export',
      'Carts',
      'Locations',
      'User management',
      'Settings',
    ])
    const settings = main.find((item) => i18n._(item.label) === 'Settings')
    expect(settings?.to).toBe('/account-settings')
    // Both addresses of the business profile mark the area and its page.
    expect(settings && isCurrent(settings, '/general-settings')).toBe(true)
    expect(settings?.items[0]?.paths).toEqual(['/account-settings', '/general-settings'])
    const carts = main.find((item) => item.to === '/carts')
    expect(carts && isCurrent(carts, '/carts/0c4f2a8e-1111-4c3a-9e2f-1a2b3c4d5e6f')).toBe(true)
  })

  it("leaves out every page whose guard would refuse these facts, by the guard's own gate", () => {
    const viewer = facts({ scopes: new Set([SCOPES.carts.view]), flags: {} })
    expect(labels(menuOf(routes, MAIN_LAYOUT, viewer))).toEqual([
      'Transactions',
      'Data insights',
      'Settlement report',
      'Targeting export',
      'Carts',
    ])
    const settingsOnly = facts({ scopes: new Set([SCOPES.settings.pageAccess]) })
    expect(labels(menuOf(routes, SETTINGS_LAYOUT, settingsOnly))).toEqual(['Account settings'])
    const bankBrand = facts({ brand: 'BANK' })
    expect(labels(menuOf(routes, MAIN_LAYOUT, bankBrand))).toEqual([
      'Transactions',
      'Data insights',
      'User management',
      'Settings',
    ])
  })

  it('gives the command palette every page, cart creation after the carts, settings pages under their area', () => {
    const pages = destinations(routes, facts())
    expect(pages.map((page) => page.to)).toEqual([
      '/transactions',
      '/data-insights',
      '/settlement-report',
      '/targeting-export',
      '/carts',
      '/carts/create',
      '/locations',
      '/user-management',
      '/account-settings',
      '/bank-information',
      '/funding-settings',
      '/email-notifications',
      '/payment-products',
      '/checkout-design',
      '/placement-design',
      '/access-keys',
      '/location-verification-codes',
      '/merchant-id-validation',
      '/internal-settings',
    ])
    const area = pages.find((page) => page.to === '/access-keys')?.area
    expect(area && i18n._(area.label)).toBe('Settings')
  })

  it('has a guard on every route it lists, so that no page is listed by a rule of its own', () => {
    const listed = routes.filter((route) => route.options.staticData?.nav)
    expect(listed.length).toBeGreaterThan(0)
    for (const route of listed) expect(gateOf(route.options.beforeLoad), route.id).toBeDefined()
  })
})
