// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest'
import { NEWER_PARTICIPATION_PAGE } from '../../../sandbox/api/newer-platform'
import { MERCHANT_IDS, PROGRAM_IDS } from '../../../sandbox/data/ids'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'
import { readSeededDisputesFirst, seededDispute } from './transactions-client'

readSeededDisputesFirst()
const sandbox = fileSandbox({ platform: 'current' })
let token: string

beforeEach(async () => {
  sandbox.reset()
  await sandbox.control.setPlatform('newer')
  token = (await sandbox.control.session('ops@provider.test', MERCHANT_IDS.globex)).portalToken
})

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: apiHeaders(token),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return {
    status: response.status,
    json: text === '' ? undefined : (JSON.parse(text) as Record<string, never>),
  }
}

describe('the newer-platform mode', () => {
  it('adds fields the portal does not know to every object', async () => {
    const { json } = await call('GET', `/api/merchant/${MERCHANT_IDS.globex}`)
    expect(json).toMatchObject({
      platformExtensions: { revision: 3 },
      data: { id: MERCHANT_IDS.globex, platformExtensions: { revision: 3 } },
    })
  })

  it('cuts participation pages short and names states the portal does not know', async () => {
    const { json } = await call(
      'GET',
      `/api/merchant-program-participation?merchantID.eq=${MERCHANT_IDS.globex}&showArchived=true&limit=200&offset=0`,
    )
    const data = (json as unknown as { data: { items: { state: string }[]; pagination: { limit: number } } })
      .data
    expect(data.items).toHaveLength(NEWER_PARTICIPATION_PAGE)
    expect(data.pagination.limit).toBe(NEWER_PARTICIPATION_PAGE)
    const states = new Set(data.items.map((item) => item.state))
    expect(states.has('LAPSED')).toBe(false)
    expect(states.has('LAPSED_PENDING_RENEWAL')).toBe(true)
  })

  it('names flags in camelCase, with entries whose result is not text', async () => {
    const { json } = await call('POST', '/api/featureflag/evaluation/bulk?tag=Merchant_Portal_Frontend', {
      tenantId: '',
    })
    expect(json).toMatchObject({
      isLocationPageEnabled: { result: 'true' },
      isMerchantIdValidationPageEnabled: { result: 'true' },
      isNewerDashboardEnabled: { result: true },
    })
    expect(Object.keys(json ?? {})).not.toContain('is_location_page_enabled')
  })

  it('answers an in-place write with 204 and no body, and gives new records ids that are not UUIDs', async () => {
    const design = await call('GET', `/api/merchant/${MERCHANT_IDS.globex}/checkout-design`)
    const { primaryColor, buttonStyle, logoUrl, headline } = (
      design.json as unknown as { data: Record<string, string> }
    ).data
    const saved = await call('PUT', `/api/merchant/${MERCHANT_IDS.globex}/checkout-design`, {
      primaryColor,
      buttonStyle,
      logoUrl,
      headline,
    })
    expect(saved).toEqual({ status: 204, json: undefined })

    const created = await call('POST', '/api/targeting-exports', {
      merchantID: MERCHANT_IDS.globex,
      programID: PROGRAM_IDS.globexEcomm,
      from: '2026-01-01',
      to: '2026-01-31',
    })
    expect(created.status).toBe(201)
    const id = (created.json as unknown as { data: { id: string } }).data.id
    expect(id).toMatch(/^exp_/)
    expect(id).not.toMatch(/^[0-9a-f]{8}-/)
  })

  it('names dispute reasons and events the portal does not know, and adds fields to the order', async () => {
    const unrecognized = seededDispute(MERCHANT_IDS.globex, 'NEEDS_RESPONSE', { passed: true })
    expect(unrecognized.dispute.reason).toBe('UNRECOGNIZED')
    const { json } = await call('GET', `/api/transactions/${unrecognized.id}`)
    expect(json).toMatchObject({
      data: {
        dispute: { reason: 'UNRECOGNIZED_BY_CARDHOLDER', platformExtensions: { revision: 3 } },
        lineItems: expect.arrayContaining([
          expect.objectContaining({ platformExtensions: expect.anything() }),
        ]),
        plan: { platformExtensions: { revision: 3 } },
      },
    })
    const reviewed = await call(
      'GET',
      `/api/transactions/${seededDispute(MERCHANT_IDS.globex, 'UNDER_REVIEW').id}`,
    )
    const timeline = (reviewed.json as unknown as { data: { dispute: { timeline: { type: string }[] } } })
      .data.dispute.timeline
    expect(timeline.map((event) => event.type)).toEqual(['OPENED', 'CHALLENGED', 'FORWARDED_TO_ISSUER'])
    const page = await call('GET', `/api/transactions?merchantID.eq=${MERCHANT_IDS.globex}&needsAction=true`)
    expect(page.json).toMatchObject({ data: { needsAction: { platformExtensions: { revision: 3 } } } })
  })

  it('goes back to the mode it was started in on reset', async () => {
    await sandbox.control.reset()
    const { json } = await call('GET', `/api/merchant/${MERCHANT_IDS.globex}`)
    expect(json).not.toHaveProperty('platformExtensions')
  })
})
