import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { isMerchantNotChosen } from '../../src/guards/merchant-not-chosen'
import { MERCHANT_IDS } from '../support/platform-ids'
import { itOnce } from '../support/platform-pass'
import { renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()

afterEach(() => {
  sandbox.reset()
})

const urls = () => ({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl })
const LAYOUT = '/_authed/_merchant'

describe('the merchant layout', () => {
  it('has the merchant chooser as its outcome for a user who may pick and has chosen nothing, then opens the page', async () => {
    const user = userEvent.setup()
    const { router, context } = await renderApp({
      ...urls(),
      path: '/data-insights',
      as: 'ops@provider.test',
    })
    await screen.findByRole('heading', { level: 1, name: 'Choose a merchant' }, { timeout: 10_000 })

    const layout = router.state.matches.find((match) => match.routeId === LAYOUT)
    expect(layout?.status).toBe('error')
    expect(isMerchantNotChosen(layout?.error)).toBe(true)
    expect(screen.queryByRole('heading', { name: 'Data insights' })).toBeNull()
    expect(router.state.location.pathname).toBe('/data-insights')
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)

    await user.click(screen.getByLabelText('Merchant', { selector: 'input' }))
    await user.click(
      await screen.findByRole('option', { name: 'Acme Outdoor', hidden: true }, { timeout: 5_000 }),
    )
    await screen.findByRole('heading', { level: 1, name: 'Data insights' }, { timeout: 10_000 })
    expect(router.state.location.pathname).toBe('/data-insights')
    expect(context.services.session.current()?.claims.cid).toBe(MERCHANT_IDS.acme)
    expect(context.services.storage.get('selectedMerchantId')).toBe(MERCHANT_IDS.acme)
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument()
  })

  it('gives every page below it the merchant, its programs and the access facts', async () => {
    window.localStorage.setItem('mp:selectedMerchantId', JSON.stringify(MERCHANT_IDS.initech))
    const { router } = await renderApp({ ...urls(), path: '/account-settings', as: 'ops@provider.test' })
    await screen.findByRole('heading', { level: 1, name: 'Account settings' }, { timeout: 10_000 })

    const below = router.state.matches.filter((match) => match.routeId.startsWith(LAYOUT))
    expect(below.map((match) => match.routeId)).toEqual([
      LAYOUT,
      `${LAYOUT}/_settings`,
      `${LAYOUT}/_settings/_business-profile`,
      `${LAYOUT}/_settings/_business-profile/account-settings`,
    ])
    // Each page's context has the merchant the guard acts for: the type says so, and so does the value.
    const merchants = below.map((match) => ('merchant' in match.context ? match.context.merchant.id : null))
    expect(merchants).toEqual(below.map(() => MERCHANT_IDS.initech))
    for (const match of below) {
      if (!('access' in match.context)) throw new Error(`${match.routeId} has no access facts`)
      expect(match.context.programs.length).toBeGreaterThan(0)
      expect(match.context.access.scopes.size).toBeGreaterThan(0)
      expect(match.context.claims.cid).toBe(MERCHANT_IDS.initech)
    }
  })

  it('shows a failure to read the merchant full-page, not the chooser', async () => {
    const { control } = sandbox
    await control.addFault({
      method: 'GET',
      path: `/api/merchant/${MERCHANT_IDS.acme}`,
      kind: 'status',
      status: 500,
    })
    const { router } = await renderApp({ ...urls(), path: '/transactions', as: 'owner@acme.test' })
    await screen.findByText('Oops...', {}, { timeout: 10_000 })
    expect(screen.queryByRole('heading', { name: 'Choose a merchant' })).toBeNull()
    await waitFor(() =>
      expect(router.state.matches.find((match) => match.routeId === LAYOUT)?.status).toBe('error'),
    )
  })

  itOnce("remembers whether the header's merchant chooser was open, across a page load", async () => {
    const user = userEvent.setup()
    await renderApp({
      ...urls(),
      path: '/data-insights',
      as: 'ops@provider.test',
      merchantID: MERCHANT_IDS.acme,
    })
    await screen.findByRole('heading', { level: 1, name: 'Data insights' }, { timeout: 10_000 })
    expect(window.localStorage.getItem('mp:merchantChooserOpen')).toBeNull()
    // The header's controls mount once the page has painted.
    await user.click(await screen.findByLabelText('Merchant', { selector: 'input' }, { timeout: 5_000 }))
    await screen.findByRole('option', { name: 'Acme Outdoor', hidden: true }, { timeout: 5_000 })
    expect(window.localStorage.getItem('mp:merchantChooserOpen')).toBe('true')

    // A new page load over the same storage: the chooser opens as it was left, without a click.
    cleanup()
    await renderApp({
      ...urls(),
      path: '/data-insights',
      as: 'ops@provider.test',
      merchantID: MERCHANT_IDS.acme,
    })
    await screen.findByRole('heading', { level: 1, name: 'Data insights' }, { timeout: 10_000 })
    const field = await screen.findByLabelText('Merchant', { selector: 'input' }, { timeout: 5_000 })
    await waitFor(() => expect(field.getAttribute('aria-expanded')).toBe('true'))
  })
})
