import { afterEach, describe, expect, it, vi } from 'vitest'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { signedInContext } from '../../test/support/app-context'
import { fileSandbox } from '../../test/support/sandbox'
import type { RouterContext } from '../app/context'
import { AFTER_FIRST_PAINT_MS, NEXT_PAINT_TIMEOUT_MS } from '../shared/after-first-paint'
import { zoneName } from '../shared/calendar'
import { REMEMBERED_FACTS_MAX_AGE_MS } from './remembered-facts'
import { programsStep } from './steps/programs'

const sandbox = fileSandbox()

afterEach(async () => {
  await sandbox.control.reset()
})

/** The merchant guard's step 3 for Acme Outdoor's owner, as the guard runs it. */
function openAcme(context: RouterContext) {
  const claims = context.services.session.current()?.claims
  if (!claims) throw new Error('not signed in')
  return programsStep({
    context,
    userId: claims.uid,
    tenantId: claims.tenantID,
    merchantId: MERCHANT_IDS.acme,
  })
}

/** Opens Acme Outdoor, then waits for its facts to be written down (once the page would have painted). */
async function openAcmeAndRemember(context: RouterContext) {
  const data = await openAcme(context)
  await vi.waitFor(() => expect(context.services.storage.get('guardFacts')).toBeDefined(), {
    timeout: 10_000,
  })
  return data
}

/** How long the step takes when every API call answers `delayMs` late. */
async function timedWithSlowPlatform(context: RouterContext, delayMs: number) {
  await sandbox.control.addFault({ path: '/api/**', kind: 'delay', delayMs })
  const started = Date.now()
  const data = await openAcme(context)
  return { data, ms: Date.now() - started }
}

const readsOfFacts = async () =>
  (await sandbox.control.requests()).map((request) => `${request.method} ${request.path}`)

describe("the guard's facts of the last page load", () => {
  it('let the next page load in before the platform answers, and every fact is read again once it has shown', async () => {
    const first = await signedInContext(sandbox, { as: 'owner@acme.test' })
    const opened = await openAcmeAndRemember(first)

    // The next page load: a fresh query cache, the same browser storage.
    const next = await signedInContext(sandbox, { as: 'owner@acme.test' })
    await sandbox.control.clearRequests()
    const { data, ms } = await timedWithSlowPlatform(next, 2_000)
    expect(ms).toBeLessThan(1_000)
    expect(data).toEqual(opened)

    // Not read again while the page is being rendered: the reads wait until it has painted.
    await new Promise((resolve) => setTimeout(resolve, 2 * NEXT_PAINT_TIMEOUT_MS + 200))
    expect(await readsOfFacts()).not.toContain(`GET /api/merchant/${MERCHANT_IDS.acme}`)
    next.shownPages.rendered()
    await vi.waitFor(
      async () => {
        const reads = await readsOfFacts()
        expect(reads).toContain(`GET /api/merchant/${MERCHANT_IDS.acme}`)
        expect(reads).toContain('GET /api/merchant-program-participation')
        expect(reads).toContain('POST /api/featureflag/evaluation/bulk')
        for (const program of opened.programs) expect(reads).toContain(`GET /api/program/${program.id}`)
      },
      { timeout: 5_000 },
    )
  })

  it('are not started from by another user, after a sign-out, or when over a day old', async () => {
    const first = await signedInContext(sandbox, { as: 'owner@acme.test' })
    await openAcmeAndRemember(first)
    const stored = first.services.storage.get('guardFacts')
    if (!stored) throw new Error('the facts were not kept')

    // Another user of the browser (same merchant).
    first.services.storage.set('guardFacts', { ...stored, userId: 'someone-else' })
    const other = await signedInContext(sandbox, { as: 'owner@acme.test' })
    expect((await timedWithSlowPlatform(other, 1_500)).ms).toBeGreaterThanOrEqual(1_500)
    await sandbox.control.reset()

    // Over a day old.
    first.services.storage.set('guardFacts', {
      ...stored,
      readAt: Date.now() - REMEMBERED_FACTS_MAX_AGE_MS - 1,
    })
    const old = await signedInContext(sandbox, { as: 'owner@acme.test' })
    expect((await timedWithSlowPlatform(old, 1_500)).ms).toBeGreaterThanOrEqual(1_500)
    await sandbox.control.reset()

    // Gone with a sign-out.
    first.services.storage.set('guardFacts', stored)
    first.services.storage.clearSession()
    expect(first.services.storage.get('guardFacts')).toBeUndefined()
  })

  it('are not written down when the session ends before the page has painted', async () => {
    const context = await signedInContext(sandbox, { as: 'owner@acme.test' })
    await openAcme(context)
    // Signed out at once: the session's keys go, and the facts it read must not come back after.
    context.services.storage.clearSession()
    await new Promise((resolve) => setTimeout(resolve, AFTER_FIRST_PAINT_MS + 1_000))
    expect(context.services.storage.get('guardFacts')).toBeUndefined()
  })

  it('that do not read as the platform would answer are not started from', async () => {
    const first = await signedInContext(sandbox, { as: 'owner@acme.test' })
    await openAcmeAndRemember(first)
    const stored = first.services.storage.get('guardFacts')
    if (!stored) throw new Error('the facts were not kept')
    first.services.storage.set('guardFacts', { ...stored, merchant: { id: MERCHANT_IDS.acme, name: 7 } })

    const next = await signedInContext(sandbox, { as: 'owner@acme.test' })
    const { data, ms } = await timedWithSlowPlatform(next, 1_500)
    expect(ms).toBeGreaterThanOrEqual(1_500)
    expect(data.merchant.name).toBe('Acme Outdoor')
    // Kept again as the platform answered.
    await vi.waitFor(
      () => expect(next.services.storage.get('guardFacts')?.merchant).toMatchObject({ name: 'Acme Outdoor' }),
      { timeout: 10_000 },
    )
  })

  it("carry the merchant's time zone's name as the page showed it, so that the next one need not build it", async () => {
    const first = await signedInContext(sandbox, { as: 'owner@acme.test' })
    const opened = await openAcmeAndRemember(first)
    const stored = first.services.storage.get('guardFacts')
    if (!stored) throw new Error('the facts were not kept')
    const { timeZone } = opened.merchant
    expect(stored.zoneName).toEqual({ timeZone, locale: 'en-US', name: zoneName(timeZone, 'en-US') })

    // A zone no page load has named yet: its name is the remembered one, not one the browser builds.
    const merchant = { ...opened.merchant, timeZone: 'Pacific/Chatham' }
    const remembered = { timeZone: 'Pacific/Chatham', locale: 'en-US', name: 'Chatham as remembered' }
    first.services.storage.set('guardFacts', { ...stored, merchant, zoneName: remembered })
    const next = await signedInContext(sandbox, { as: 'owner@acme.test' })
    expect((await openAcme(next)).merchant.timeZone).toBe('Pacific/Chatham')
    expect(zoneName('Pacific/Chatham', 'en-US')).toBe('Chatham as remembered')

    // A name kept for another zone than the merchant's is left alone.
    const other = { timeZone: 'Pacific/Fakaofo', locale: 'en-US', name: 'Fakaofo as remembered' }
    first.services.storage.set('guardFacts', { ...stored, merchant, zoneName: other })
    await openAcme(await signedInContext(sandbox, { as: 'owner@acme.test' }))
    expect(zoneName('Pacific/Fakaofo', 'en-US')).not.toBe('Fakaofo as remembered')
  })
})
