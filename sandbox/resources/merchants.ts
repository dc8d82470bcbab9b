import { Hono } from 'hono'
import type * as v from 'valibot'
import { MerchantPageSchema, MerchantResponseSchema, type MerchantSchema } from '../../contract/merchants'
import type { ApiEnv } from '../api/env'
import { claimsOf, mayActFor } from '../api/guards'
import { pageOf, readPage, sendError, sendValidated } from '../api/http'
import { MERCHANT_IDS, TENANT_IDS } from '../data/ids'
import { defineResource } from './resource'

export type MerchantRecord = v.InferInput<typeof MerchantSchema>
export type MerchantsData = readonly MerchantRecord[]

/** The merchants the contract names, with the ids tests import. */
const NAMED_MERCHANTS: readonly MerchantRecord[] = [
  {
    id: MERCHANT_IDS.acme,
    name: 'Acme Outdoor',
    tenantID: TENANT_IDS.default,
    timeZone: 'America/Denver',
    currency: 'USD',
  },
  {
    id: MERCHANT_IDS.globex,
    name: 'Globex Home',
    tenantID: TENANT_IDS.default,
    timeZone: 'America/Chicago',
    currency: 'USD',
  },
  {
    id: MERCHANT_IDS.initech,
    name: 'Initech Dental',
    tenantID: TENANT_IDS.default,
    timeZone: 'America/New_York',
    currency: 'USD',
  },
  {
    id: MERCHANT_IDS.harbor,
    name: 'Harbor Home Store',
    tenantID: TENANT_IDS.bank,
    timeZone: 'America/Los_Angeles',
    currency: 'USD',
  },
]

const NAME_FIRST = ['Northwind', 'Blue Ridge', 'Summit', 'Cedar', 'Lakeside', 'Redwood', 'Maple', 'Granite']
const NAME_SECOND = [
  'Cycles',
  'Furniture',
  'Optics',
  'Music',
  'Pet Supply',
  'Jewelers',
  'Appliances',
  'Tires',
]
const TIME_ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles']
/** Extra merchants, so the merchant chooser has something to search through. */
const GENERATED_MERCHANT_COUNT = 16

export const merchants = defineResource({
  key: 'merchants',
  generate: ({ random }) => {
    const names = new Set(NAMED_MERCHANTS.map((merchant) => merchant.name))
    const generated: MerchantRecord[] = []
    while (generated.length < GENERATED_MERCHANT_COUNT) {
      const name = `${random.pick(NAME_FIRST)} ${random.pick(NAME_SECOND)}`
      if (names.has(name)) continue
      names.add(name)
      generated.push({
        id: random.uuid(),
        name,
        tenantID: TENANT_IDS.default,
        timeZone: random.pick(TIME_ZONES),
        currency: 'USD',
      })
    }
    // Copies: a saved business profile changes its merchant's time zone, and reset() (or another sandbox
    // in the same process) must start again from the seeded one.
    return [...NAMED_MERCHANTS.map((merchant) => ({ ...merchant })), ...generated]
  },
  routes: ({ store }) =>
    new Hono<ApiEnv>()
      .get('/merchant', (c) => {
        const page = readPage(c, { defaultLimit: 50, max: 200 })
        if (!page.ok) return page.response
        const claims = claimsOf(c)
        const search = (c.req.query('search') ?? '').trim().toLowerCase()
        const visible = store()
          .merchants.filter((merchant) => mayActFor(claims, merchant.id))
          .filter(
            (merchant) => !search || merchant.name.toLowerCase().includes(search) || merchant.id === search,
          )
          .toSorted((a, b) => a.name.localeCompare(b.name))
        return sendValidated(c, MerchantPageSchema, pageOf(visible, page.value))
      })
      .get('/merchant/:merchantID', (c) => {
        const merchantID = c.req.param('merchantID')
        const merchant = store().merchants.find((candidate) => candidate.id === merchantID)
        if (!merchant) return sendError(c, 404, 'not_found', 'No such merchant.')
        if (!mayActFor(claimsOf(c), merchant.id)) {
          return sendError(c, 403, 'merchant_not_allowed', 'The token does not act for this merchant.')
        }
        return sendValidated(c, MerchantResponseSchema, { data: merchant })
      }),
})

export function findMerchant(data: MerchantsData, merchantID: string): MerchantRecord | undefined {
  return data.find((merchant) => merchant.id === merchantID)
}
