import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { NEWER_PARTICIPATION_PAGE } from '../../sandbox/api/newer-platform'
import { createControl } from '../../sandbox/control'
import { GLOBEX_PARTICIPATION_COUNT } from '../../sandbox/data/ids'
import { platformFromEnv } from '../../sandbox/index'
import { MERCHANT_IDS } from '../support/platform-ids'
import { renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()
const DENIED = /You do not have permissions to view this page/

afterEach(async () => {
  await createControl(sandbox.apiUrl).reset()
})

const urls = () => ({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl })

/**
 * Once the guard's facts of the page on screen are written down (after its first paint), sets the
 * locations flag to `value` and opens /locations again as a reload would, the flags answering 2 s late.
 */
async function reloadLocationsWithFlag(value: 'true' | 'false') {
  await waitFor(() => expect(window.localStorage.getItem('mp:guardFacts')).not.toBeNull(), {
    timeout: 10_000,
  })
  cleanup()
  const control = createControl(sandbox.apiUrl)
  await control.setFlag('is_location_page_enabled', { state: 'on', value })
  await control.addFault({
    method: 'POST',
    path: '/api/featureflag/evaluation/bulk',
    kind: 'delay',
    delayMs: 2_000,
  })
  await renderApp({ ...urls(), path: '/locations', as: 'owner@acme.test' })
}

describe('programs', () => {
  // The current platform answers pages of 200 (three pages); the newer one cuts them to 50 (nine).
  const pageSize = platformFromEnv() === 'newer' ? NEWER_PARTICIPATION_PAGE : 200
  const offsets = Array.from(
    { length: Math.ceil(GLOBEX_PARTICIPATION_COUNT / pageSize) },
    (_, page) => page * pageSize,
  )

  it('walks every participation page of Globex Home and details only its active programs', async () => {
    const control = createControl(sandbox.apiUrl)
    await control.clearRequests()
    await renderApp({
      ...urls(),
      path: '/data-insights',
      as: 'ops@provider.test',
      merchantID: MERCHANT_IDS.globex,
    })
    await screen.findByRole('heading', { level: 1, name: 'Data insights' }, { timeout: 10_000 })

    const pages = await control.requests({ path: '/api/merchant-program-participation', method: 'GET' })
    expect(pages.map((r) => Number(r.query.offset)).sort((a, b) => a - b)).toEqual(offsets)
    expect(
      pages.every((r) => r.query.limit === '200' && r.query['merchantID.eq'] === MERCHANT_IDS.globex),
    ).toBe(true)
    expect(pages.every((r) => r.query.showArchived === 'true')).toBe(true)

    // The same pages, read here, say which programs are active (ACTIVE and not deleted).
    const { portalToken } = await control.session('ops@provider.test', MERCHANT_IDS.globex)
    // deletedAt is there only when set in the spec-minimal mode (spec section 3), null otherwise.
    const items: { programID: string; state: string; deletedAt?: string | null }[] = []
    for (const offset of offsets) {
      const response = await fetch(
        `${sandbox.apiUrl}/api/merchant-program-participation?merchantID.eq=${MERCHANT_IDS.globex}&showArchived=true&limit=200&offset=${offset}`,
        { headers: { Authorization: `Bearer ${portalToken}`, 'X-API-Version': 'v2' } },
      )
      items.push(...((await response.json()) as { data: { items: typeof items } }).data.items)
    }
    expect(items).toHaveLength(GLOBEX_PARTICIPATION_COUNT)
    const active = new Set(items.filter((p) => p.state === 'ACTIVE' && !p.deletedAt).map((p) => p.programID))
    const excluded = new Set(items.filter((p) => !active.has(p.programID)).map((p) => p.programID))
    expect(excluded.size).toBeGreaterThan(0)

    const details = await control.requests({ path: '/api/program/*', method: 'GET' })
    // The portal escapes the id it puts in the path; the recorded path is what it sent.
    const fetched = new Set(details.map((r) => decodeURIComponent(r.path.split('/').pop() ?? '')))
    expect(fetched).toEqual(active)
  })
})

describe('feature flags', () => {
  it.each([
    ['a dropped connection', { kind: 'drop' as const }, 'Feature flag bulk evaluation failed'],
    ['a 400', { kind: 'status' as const, status: 400 }, 'Feature flag bulk request bad'],
    ['a 404', { kind: 'status' as const, status: 404 }, 'Feature flag the requested tag was not found'],
    ['a malformed body', { kind: 'malformed' as const }, 'Feature flag bulk evaluation failed'],
  ])(
    'leave flags empty after %s: the flag-gated page is denied, the rest works, and it is logged',
    async (_n, fault, message) => {
      const control = createControl(sandbox.apiUrl)
      await control.clearLogs()
      await control.addFault({ method: 'POST', path: '/api/featureflag/evaluation/bulk', ...fault })
      const { router } = await renderApp({ ...urls(), path: '/locations', as: 'owner@acme.test' })
      expect(await screen.findByText(DENIED, {}, { timeout: 10_000 })).toBeInTheDocument()
      await router.navigate({ to: '/data-insights' })
      await screen.findByRole('heading', { level: 1, name: 'Data insights' })
      await waitFor(async () =>
        expect((await control.logs()).map((entry) => entry.message)).toContain(message),
      )
    },
  )

  it('denies the locations page when its flag is not the text true', async () => {
    const control = createControl(sandbox.apiUrl)
    await control.setFlag('is_location_page_enabled', { state: 'on', value: 'TRUE' })
    await renderApp({ ...urls(), path: '/locations', as: 'owner@acme.test' })
    expect(await screen.findByText(DENIED, {}, { timeout: 10_000 })).toBeInTheDocument()
  })

  it("closes a page a reload opened from the last page load's facts once its flag reads as turned off since", async () => {
    await renderApp({ ...urls(), path: '/locations', as: 'owner@acme.test' })
    await screen.findByRole('heading', { level: 1, name: 'Locations' }, { timeout: 10_000 })
    await reloadLocationsWithFlag('false')
    // The page opens from what the last load read, before the flags answer …
    await screen.findByRole('heading', { level: 1, name: 'Locations' }, { timeout: 1_500 })
    expect(screen.queryByText(DENIED)).toBeNull()
    // … and closes when they do.
    expect(await screen.findByText(DENIED, {}, { timeout: 10_000 })).toBeInTheDocument()
  })

  it("opens a page a reload denied from the last page load's facts once its flag reads as turned on since", async () => {
    const control = createControl(sandbox.apiUrl)
    await control.setFlag('is_location_page_enabled', { state: 'on', value: 'false' })
    await renderApp({ ...urls(), path: '/locations', as: 'owner@acme.test' })
    expect(await screen.findByText(DENIED, {}, { timeout: 10_000 })).toBeInTheDocument()
    await reloadLocationsWithFlag('true')
    expect(await screen.findByText(DENIED, {}, { timeout: 1_500 })).toBeInTheDocument()
    await screen.findByRole('heading', { level: 1, name: 'Locations' }, { timeout: 10_000 })
    expect(screen.queryByText(DENIED)).toBeNull()
  })

  it('denies merchant ID validation to ops when its flag is false', async () => {
    const control = createControl(sandbox.apiUrl)
    await control.setFlag('is_merchant_id_validation_page_enabled', { state: 'on', value: 'false' })
    await renderApp({
      ...urls(),
      path: '/merchant-id-validation',
      as: 'ops@provider.test',
      merchantID: MERCHANT_IDS.acme,
    })
    expect(await screen.findByText(DENIED, {}, { timeout: 10_000 })).toBeInTheDocument()
  })
})

describe('merchant', () => {
  it('ignores a deep link naming another merchant for an assigned user', async () => {
    const { context } = await renderApp({
      ...urls(),
      path: `/data-insights?isDeepLink=true&merchantID=${MERCHANT_IDS.globex}`,
      as: 'owner@acme.test',
    })
    await screen.findByRole('heading', { level: 1, name: 'Data insights' }, { timeout: 10_000 })
    expect((await screen.findByTestId('current-merchant')).textContent).toBe('Acme Outdoor')
    expect(context.services.session.current()?.claims.cid).toBe(MERCHANT_IDS.acme)
  })

  it('follows a deep link merchant for a user who may pick, over the stored selection', async () => {
    window.localStorage.setItem('mp:selectedMerchantId', JSON.stringify(MERCHANT_IDS.initech))
    const { context } = await renderApp({
      ...urls(),
      path: `/data-insights?isDeepLink=true&merchantID=${MERCHANT_IDS.harbor}`,
      as: 'ops@provider.test',
    })
    await screen.findByRole('heading', { level: 1, name: 'Data insights' }, { timeout: 10_000 })
    expect(context.services.session.current()?.claims.cid).toBe(MERCHANT_IDS.harbor)
    expect(context.services.storage.get('selectedMerchantId')).toBe(MERCHANT_IDS.harbor)
  })

  it('opens the stored selection for a user who may pick and has no deep link', async () => {
    window.localStorage.setItem('mp:selectedMerchantId', JSON.stringify(MERCHANT_IDS.initech))
    const { context } = await renderApp({ ...urls(), path: '/data-insights', as: 'ops@provider.test' })
    await screen.findByRole('heading', { level: 1, name: 'Data insights' }, { timeout: 10_000 })
    expect(context.services.session.current()?.claims.cid).toBe(MERCHANT_IDS.initech)
  })

  it('asks a user who may pick and has chosen nothing to choose a merchant', async () => {
    await renderApp({ ...urls(), path: '/transactions', as: 'ops@provider.test' })
    await screen.findByRole('heading', { level: 1, name: 'Choose a merchant' }, { timeout: 10_000 })
  })
})

describe('switching merchant', () => {
  it('exchanges the token, keeps the page, and can be vetoed by a registered check', async () => {
    const user = userEvent.setup()
    const { context, router } = await renderApp({
      ...urls(),
      path: '/data-insights',
      as: 'ops@provider.test',
      merchantID: MERCHANT_IDS.globex,
    })
    await screen.findByRole('heading', { level: 1, name: 'Data insights' }, { timeout: 10_000 })
    const unregister = context.services.merchantChanges.register(() => false)

    const chooser = await screen.findByLabelText('Merchant', { selector: 'input' })
    await user.click(chooser)
    await user.click(
      await screen.findByRole('option', { name: 'Acme Outdoor', hidden: true }, { timeout: 5_000 }),
    )
    await waitFor(() => expect(context.services.session.current()?.claims.cid).toBe(MERCHANT_IDS.globex))

    unregister()
    const control = createControl(sandbox.apiUrl)
    await control.clearRequests()
    await user.click(chooser)
    await user.click(
      await screen.findByRole('option', { name: 'Acme Outdoor', hidden: true }, { timeout: 5_000 }),
    )
    await waitFor(() => expect(context.services.session.current()?.claims.cid).toBe(MERCHANT_IDS.acme))
    await waitFor(() =>
      expect(screen.getByLabelText('Merchant', { selector: 'input' })).toHaveProperty(
        'value',
        'Acme Outdoor',
      ),
    )
    // Past the chooser's debounce (250 ms): the names a choice put in the field were never searched
    // for, and the previous merchant's record, kept for the Recent list, was not read again.
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(await control.requests({ path: '/api/merchant', method: 'GET' })).toEqual([])
    expect(await control.requests({ path: `/api/merchant/${MERCHANT_IDS.globex}`, method: 'GET' })).toEqual(
      [],
    )
    await user.click(chooser)
    expect(await screen.findByRole('option', { name: 'Globex Home', hidden: true })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(router.state.location.pathname).toBe('/data-insights')
    expect(context.services.storage.get('previousMerchants')?.slice(0, 2)).toEqual([
      MERCHANT_IDS.acme,
      MERCHANT_IDS.globex,
    ])
    // The previous merchant's data is gone from the cache (its record stays, for the Recent list).
    const cache = context.queryClient.getQueryCache()
    expect(cache.findAll({ queryKey: [MERCHANT_IDS.globex, 'participations'] })).toHaveLength(0)
    expect(cache.findAll({ queryKey: [MERCHANT_IDS.globex, 'program'] })).toHaveLength(0)
    expect(cache.findAll({ queryKey: [MERCHANT_IDS.acme, 'participations'] })).toHaveLength(1)
  })
  it('opens a page another merchant was denied, and denies one this merchant may not see, in place', async () => {
    const user = userEvent.setup()
    await renderApp({ ...urls(), path: '/carts', as: 'ops@provider.test', merchantID: MERCHANT_IDS.initech })
    // Initech Dental has no e-commerce program, so no carts.
    expect(await screen.findByText(DENIED, {}, { timeout: 10_000 })).toBeInTheDocument()
    const chooser = await screen.findByLabelText('Merchant', { selector: 'input' }, { timeout: 5_000 })
    const choose = async (name: string) => {
      await user.click(chooser)
      await user.click(await screen.findByRole('option', { name, hidden: true }, { timeout: 5_000 }))
    }

    await choose('Acme Outdoor')
    await screen.findByRole('heading', { level: 1, name: 'Carts' }, { timeout: 10_000 })
    expect(screen.queryByText(DENIED)).not.toBeInTheDocument()

    await choose('Initech Dental')
    expect(await screen.findByText(DENIED, {}, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { level: 1, name: 'Carts' })).not.toBeInTheDocument()
  })
})
