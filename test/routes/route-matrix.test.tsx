import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MERCHANT_IDS } from '../support/platform-ids'
import { type RenderedApp, renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

type Outcome = 'allowed' | 'denied' | 'missing'

const DENIED = /You do not have permissions to view this page/

const ROUTES = [
  '/transactions',
  '/data-insights',
  '/settlement-report',
  '/targeting-export',
  '/user-management',
  '/carts',
  '/carts/create',
  '/carts/0c4f2a8e-1111-4c3a-9e2f-1a2b3c4d5e6f',
  '/carts/0c4f2a8e-1111-4c3a-9e2f-1a2b3c4d5e6f/edit',
  '/locations',
  '/account-settings',
  '/general-settings',
  '/checkout-design',
  '/placement-design',
  '/access-keys',
  '/email-notifications',
  '/payment-products',
  '/internal-settings',
  '/bank-information',
  '/funding-settings',
  '/location-verification-codes',
  '/merchant-id-validation',
  '/no-such-page',
  '/settings/nope',
] as const

type Route = (typeof ROUTES)[number]

function expectations(denied: Route[]): Record<Route, Outcome> {
  return Object.fromEntries(
    ROUTES.map((route) => [
      route,
      route === '/no-such-page' || route === '/settings/nope'
        ? 'missing'
        : denied.includes(route)
          ? 'denied'
          : 'allowed',
    ]),
  ) as Record<Route, Outcome>
}

const SETTINGS: Route[] = [
  '/account-settings',
  '/general-settings',
  '/checkout-design',
  '/placement-design',
  '/access-keys',
  '/email-notifications',
  '/payment-products',
  '/internal-settings',
  '/bank-information',
  '/funding-settings',
  '/location-verification-codes',
  '/merchant-id-validation',
]

const ALL_AREAS = [
  'Transactions',
  'Data insights',
  'Settlement report',
  'Targeting export',
  'Carts',
  'Locations',
  'User management',
  'Settings',
]

const PERSONAS: { username: string; merchantID?: string; expect: Record<Route, Outcome>; nav: string[] }[] = [
  {
    username: 'owner@acme.test',
    expect: expectations(['/internal-settings', '/merchant-id-validation']),
    nav: ALL_AREAS,
  },
  {
    username: 'viewer@acme.test',
    expect: expectations([
      '/user-management',
      '/carts/create',
      '/carts/0c4f2a8e-1111-4c3a-9e2f-1a2b3c4d5e6f/edit',
      ...SETTINGS,
    ]),
    nav: ['Transactions', 'Data insights', 'Settlement report', 'Targeting export', 'Carts', 'Locations'],
  },
  { username: 'ops@provider.test', merchantID: MERCHANT_IDS.acme, expect: expectations([]), nav: ALL_AREAS },
  {
    username: 'clinic@initech.test',
    expect: expectations([
      '/carts',
      '/carts/create',
      '/carts/0c4f2a8e-1111-4c3a-9e2f-1a2b3c4d5e6f',
      '/carts/0c4f2a8e-1111-4c3a-9e2f-1a2b3c4d5e6f/edit',
      '/internal-settings',
      '/merchant-id-validation',
    ]),
    nav: ALL_AREAS.filter((area) => area !== 'Carts'),
  },
  {
    username: 'manager@harbor.test',
    expect: expectations([
      '/settlement-report',
      '/targeting-export',
      '/carts',
      '/carts/create',
      '/carts/0c4f2a8e-1111-4c3a-9e2f-1a2b3c4d5e6f',
      '/carts/0c4f2a8e-1111-4c3a-9e2f-1a2b3c4d5e6f/edit',
      '/locations',
      '/internal-settings',
      '/merchant-id-validation',
    ]),
    nav: ['Transactions', 'Data insights', 'User management', 'Settings'],
  },
]

const sandbox = fileSandbox()

async function outcomeOf(app: RenderedApp, path: string): Promise<Outcome> {
  await app.router.navigate({ to: path })
  const main = await screen.findByRole('main')
  return waitFor(
    () => {
      if (within(main).queryByText(DENIED)) return 'denied'
      if (within(main).queryByRole('heading', { level: 1, name: 'Page not found' })) return 'missing'
      if (within(main).queryByRole('heading', { level: 1 })) return 'allowed'
      throw new Error(`no outcome yet for ${path}`)
    },
    { timeout: 5_000 },
  )
}

describe.each(PERSONAS)('routes for $username', ({ username, merchantID, expect: expected, nav }) => {
  it('opens, denies or misses each route as spec section 6 says, and lists exactly the allowed areas', async () => {
    const app = await renderApp({
      apiUrl: sandbox.apiUrl,
      idpUrl: sandbox.idpUrl,
      // A light page to start on: the transactions page is visited in the loop like every other route.
      path: '/data-insights',
      as: username,
      merchantID,
    })
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 10_000 })
    expect(
      within(navigation)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(nav)

    const actual: Record<string, Outcome> = {}
    for (const route of ROUTES) actual[route] = await outcomeOf(app, route)
    expect(actual).toEqual(expected)
    // Twenty-four pages rendered against the sandbox, most loading real data: minutes on a busy machine.
  }, 60_000)
})
