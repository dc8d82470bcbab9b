// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../../contract/error'
import { MerchantResponseSchema } from '../../../contract/merchants'
import {
  AccessKeyListSchema,
  AccessKeySecretSchema,
  BankInformationChangedSchema,
  BankInformationResponseSchema,
  BusinessProfileResponseSchema,
  type BusinessProfileUpdate,
  FundingSettingsResponseSchema,
  isValidRoutingNumber,
  MerchantIdCheckResponseSchema,
  NotificationSubscriptionsResponseSchema,
  VerificationCodeListSchema,
} from '../../../contract/settings'
import { createControl, type SandboxControl } from '../../../sandbox/control'
import { MERCHANT_IDS, PROGRAM_IDS } from '../../../sandbox/data/ids'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'

const sandbox = fileSandbox()
let control: SandboxControl
const tokens = new Map<string, string>()

beforeAll(async () => {
  control = createControl(sandbox.apiUrl)
  tokens.set('owner', (await control.session('owner@acme.test')).portalToken)
  tokens.set('viewer', (await control.session('viewer@acme.test')).portalToken)
  tokens.set('support', (await control.session('support@provider.test', MERCHANT_IDS.acme)).portalToken)
  tokens.set('ops', (await control.session('ops@provider.test', MERCHANT_IDS.acme)).portalToken)
})
beforeEach(() => {
  sandbox.reset()
})

function token(who: string): string {
  const found = tokens.get(who)
  if (!found) throw new Error(`no token for ${who}`)
  return found
}

function call(method: string, path: string, who: string, body?: unknown): Promise<Response> {
  return fetch(`${sandbox.apiUrl}${path}`, {
    method,
    headers: apiHeaders(token(who)),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

async function errorOf(response: Response) {
  return v.parse(ErrorBodySchema, await response.json()).error
}

const acme = (rest: string) => `/api/merchant/${MERCHANT_IDS.acme}/${rest}`

describe('scope checks of the settings resources', () => {
  it.each([
    ['business-profile', 'r:merchant.settings'],
    ['bank-information', 'r:bank_information'],
    ['funding-settings', 'r:funding_settings'],
    ['notification-subscriptions', 'r:org.subscription'],
    ['access-keys', 'r:merchant.api'],
    ['checkout-design', 'r:ui_customizations'],
    ['placements', 'r:placements'],
    ['location-verification-codes', 'r:org.code'],
  ])('GET %s needs %s and answers a JSON error without it', async (resource, scope) => {
    const refused = await call('GET', acme(resource), 'viewer')
    expect(refused.status).toBe(403)
    expect(refused.headers.get('content-type')).toContain('application/json')
    expect(await errorOf(refused)).toMatchObject({
      code: 'insufficient_scope',
      message: `This call needs the ${scope} scope.`,
    })
    expect((await call('GET', acme(resource), 'support')).status).toBe(200)
  })

  it.each([
    ['business-profile', 'u:merchant.settings'],
    ['bank-information', 'u:bank_information'],
    ['funding-settings', 'u:funding_settings'],
    ['notification-subscriptions', 'w:org.subscription'],
    ['checkout-design', 'u:ui_customizations'],
    ['placements', 'w:placements'],
  ])('PUT %s needs %s: read-only staff are refused', async (resource, scope) => {
    const refused = await call('PUT', acme(resource), 'support', {})
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).message).toBe(`This call needs the ${scope} scope.`)
  })

  it('refuses another merchant, and merchant values to anyone but provider staff', async () => {
    const other = await call('GET', `/api/merchant/${MERCHANT_IDS.globex}/business-profile`, 'owner')
    expect(other.status).toBe(403)
    expect((await errorOf(other)).code).toBe('merchant_not_allowed')

    const values = `/api/program/${PROGRAM_IDS.acmeEcomm}/merchant/${MERCHANT_IDS.acme}/values`
    expect((await call('GET', values, 'owner')).status).toBe(403)
    expect((await call('GET', values, 'support')).status).toBe(200)
    const patch = await call('PATCH', values, 'support', { values: { riskTier: 'LOW' } })
    expect((await errorOf(patch)).message).toBe('This call needs the u:merchant.internal_settings scope.')
    const inverted = await call('PATCH', values, 'ops', {
      values: { minimumOrderAmount: 9, maximumOrderAmount: 1 },
    })
    expect(inverted.status).toBe(400)
    expect((await errorOf(inverted)).code).toBe('validation_failed')
  })
})

describe('business profile', () => {
  const update: BusinessProfileUpdate = {
    legalName: 'Acme Outdoor Supply, LLC',
    displayName: 'Acme',
    contactName: 'Olivia Owner',
    supportEmail: 'help@acmeoutdoor.example',
    supportPhone: '+1 303 555 0142',
    website: '',
    address: {
      line1: '1 Main St',
      line2: '',
      city: 'Boulder',
      region: 'CO',
      postalCode: '80301',
      country: 'US',
    },
    timeZone: 'America/Phoenix',
  }

  it('saves a profile, and its time zone becomes the merchant time zone', async () => {
    const saved = await call('PUT', acme('business-profile'), 'owner', update)
    expect(saved.status).toBe(200)
    expect(v.parse(BusinessProfileResponseSchema, await saved.json()).data).toMatchObject({
      displayName: 'Acme',
      timeZone: 'America/Phoenix',
    })
    const merchant = await call('GET', `/api/merchant/${MERCHANT_IDS.acme}`, 'owner')
    expect(v.parse(MerchantResponseSchema, await merchant.json()).data.timeZone).toBe('America/Phoenix')
  })

  it('starts again from the seeded time zone after a reset', async () => {
    expect((await call('PUT', acme('business-profile'), 'owner', update)).status).toBe(200)
    sandbox.reset()
    const merchant = await call('GET', `/api/merchant/${MERCHANT_IDS.acme}`, 'owner')
    expect(v.parse(MerchantResponseSchema, await merchant.json()).data.timeZone).toBe('America/Denver')
  })

  it('refuses what breaks its rules with 400 and details', async () => {
    const response = await call('PUT', acme('business-profile'), 'owner', {
      ...update,
      supportEmail: 'not-an-email',
      address: { ...update.address, postalCode: 'K1A 0B1' },
    })
    expect(response.status).toBe(400)
    const error = await errorOf(response)
    expect(error.code).toBe('validation_failed')
    expect(JSON.stringify(error.details)).toContain('supportEmail')
  })
})

describe('bank information', () => {
  it('never sends the full account number, checks the routing number and holds payouts after a change', async () => {
    const before = v.parse(
      BankInformationResponseSchema,
      await (await call('GET', acme('bank-information'), 'owner')).json(),
    )
    expect(before.data).not.toHaveProperty('accountNumber')
    expect(isValidRoutingNumber(before.data.routingNumber)).toBe(true)
    expect(before.data.status).toBe('VERIFIED')

    const body = {
      accountHolder: 'Acme Outdoor',
      routingNumber: '021000021',
      accountNumber: '9876543210',
      accountType: 'SAVINGS',
    }
    const invalid = await call('PUT', acme('bank-information'), 'owner', {
      ...body,
      routingNumber: '021000022',
    })
    expect(invalid.status).toBe(400)
    expect(JSON.stringify((await errorOf(invalid)).details)).toContain('The routing number is not valid.')

    const changed = v.parse(
      BankInformationChangedSchema,
      await (await call('PUT', acme('bank-information'), 'owner', body)).json(),
    )
    expect(changed.data).toMatchObject({
      accountNumberLast4: '3210',
      bankName: 'JPMorgan Chase Bank',
      status: 'PENDING_VERIFICATION',
      notifiedAdminCount: 3,
    })
    expect(changed.data.payoutsHeldUntil?.getTime()).toBeGreaterThan(Date.now())
  })

  it('knows the ABA checksum', () => {
    expect(['021000021', '121000358', '011000015'].every(isValidRoutingNumber)).toBe(true)
    expect(['021000022', '12100035', '000000000', '12345678a'].some(isValidRoutingNumber)).toBe(false)
  })
})

describe('funding, notifications and access keys', () => {
  it('keeps a funding schedule only with the day it needs', async () => {
    const settlement = { feeHandling: 'NET', minimumPayoutAmount: 0, statementDescriptor: 'ACME PAYOUT' }
    const missingDay = await call('PUT', acme('funding-settings'), 'owner', {
      schedule: { frequency: 'WEEKLY' },
      settlement,
    })
    expect(missingDay.status).toBe(400)
    const saved = await call('PUT', acme('funding-settings'), 'owner', {
      schedule: { frequency: 'MONTHLY', dayOfMonth: 15 },
      settlement,
    })
    expect(v.parse(FundingSettingsResponseSchema, await saved.json()).data.schedule).toEqual({
      frequency: 'MONTHLY',
      dayOfMonth: 15,
    })
  })

  it('refuses a recipient listed twice or without any email', async () => {
    const twice = await call('PUT', acme('notification-subscriptions'), 'owner', {
      recipients: [
        { email: 'a@example.com', events: ['PAYOUT_SENT'] },
        { email: 'A@example.com', events: ['PAYOUT_FAILED'] },
      ],
    })
    expect(twice.status).toBe(400)
    const none = await call('PUT', acme('notification-subscriptions'), 'owner', {
      recipients: [{ email: 'a@example.com', events: [] }],
    })
    expect(none.status).toBe(400)
    const saved = await call('PUT', acme('notification-subscriptions'), 'owner', {
      recipients: [{ email: 'A@Example.com', events: ['DISPUTE_OPENED', 'PAYOUT_SENT'] }],
    })
    expect(v.parse(NotificationSubscriptionsResponseSchema, await saved.json()).data.recipients).toEqual([
      { email: 'a@example.com', events: ['PAYOUT_SENT', 'DISPUTE_OPENED'] },
    ])
  })

  it('lists keys without secrets and reveals one secret on request', async () => {
    const list = v.parse(AccessKeyListSchema, await (await call('GET', acme('access-keys'), 'owner')).json())
    expect(new Set(list.data.items.map((key) => key.environment))).toEqual(new Set(['SANDBOX', 'PRODUCTION']))
    expect(JSON.stringify(list)).not.toMatch(/sk_(test|live)_/)
    const [first] = list.data.items
    if (!first) throw new Error('no keys')
    const revealed = await call('POST', acme(`access-keys/${first.id}/reveal`), 'owner', {})
    const secret = v.parse(AccessKeySecretSchema, await revealed.json()).data.secret
    expect(secret.endsWith(first.secretLast4)).toBe(true)
    const foreign = await call(
      'POST',
      `/api/merchant/${MERCHANT_IDS.globex}/access-keys/${first.id}/reveal`,
      'owner',
      {},
    )
    expect(foreign.status).toBe(403)
  })
})

describe('design, codes and merchant id validation', () => {
  it('keeps placements to programs the merchant takes part in', async () => {
    const placement = { pageType: 'PRODUCT', enabled: true, style: 'BANNER', termMonths: 12 }
    const foreign = await call('PUT', acme('placements'), 'owner', {
      placements: [{ ...placement, programID: PROGRAM_IDS.globexEcomm }],
    })
    expect(foreign.status).toBe(400)
    const twice = await call('PUT', acme('placements'), 'owner', {
      placements: [
        { ...placement, programID: PROGRAM_IDS.acmeEcomm },
        { ...placement, programID: PROGRAM_IDS.acmeInstore },
      ],
    })
    expect(twice.status).toBe(400)
    const saved = await call('PUT', acme('placements'), 'owner', {
      placements: [{ ...placement, programID: PROGRAM_IDS.acmeEcomm }],
    })
    expect(saved.status).toBe(200)
  })

  it('gives every open location a stable code', async () => {
    const first = v.parse(
      VerificationCodeListSchema,
      await (await call('GET', acme('location-verification-codes'), 'owner')).json(),
    )
    sandbox.reset()
    const again = v.parse(
      VerificationCodeListSchema,
      await (await call('GET', acme('location-verification-codes'), 'owner')).json(),
    )
    expect(again.data.items).toEqual(first.data.items)
    expect(first.data.items.every((item) => /^[A-HJKMNP-Z2-9]{3}-[A-HJKMNP-Z2-9]{3}$/.test(item.code))).toBe(
      true,
    )
    expect(new Set(first.data.items.map((item) => item.code)).size).toBe(first.data.items.length)
  })

  it('validates merchant ids for provider staff only', async () => {
    const body = { merchantIDs: [MERCHANT_IDS.harbor, MERCHANT_IDS.initech, 'x'] }
    expect((await call('POST', '/api/merchant-id-validation', 'owner', body)).status).toBe(403)
    const checked = v.parse(
      MerchantIdCheckResponseSchema,
      await (await call('POST', '/api/merchant-id-validation', 'support', body)).json(),
    )
    expect(checked.data.items.map((item) => item.verdict)).toEqual(['VALID', 'NOT_ENROLLED', 'MALFORMED'])
    const tooMany = { merchantIDs: Array.from({ length: 101 }, () => MERCHANT_IDS.acme) }
    expect((await call('POST', '/api/merchant-id-validation', 'ops', tooMany)).status).toBe(400)
  })
})
