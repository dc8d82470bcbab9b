import { Hono } from 'hono'
import type * as v from 'valibot'
import {
  CheckoutDesignResponseSchema,
  type CheckoutDesignSchema,
  CheckoutDesignUpdateSchema,
  type PageType,
  PlacementsResponseSchema,
  type PlacementsSchema,
  PlacementsUpdateSchema,
} from '../../contract/settings'
import type { ApiDeps, ApiEnv } from '../api/env'
import { refuseOtherMerchant, requireScope } from '../api/guards'
import { readBody, sendError, sendValidated } from '../api/http'
import { MERCHANT_IDS } from '../data/ids'
import { SCOPES } from '../data/personas'
import type { Random } from '../data/random'
import type { MerchantRecord } from './merchants'
import { liveParticipations, type ProgramsData } from './programs'
import { SETTINGS_CREATED_AT, slugOf } from './settings-profile'

export type CheckoutDesignRecord = v.InferInput<typeof CheckoutDesignSchema>
export type PlacementsRecord = v.InferInput<typeof PlacementsSchema>

const COLORS = ['#1C7C54', '#2B59C3', '#B4413C', '#6741D9', '#0B7285', '#E8590C', '#212529']

export function generateCheckoutDesign(merchant: MerchantRecord, random: Random): CheckoutDesignRecord {
  const acme = merchant.id === MERCHANT_IDS.acme
  return {
    merchantID: merchant.id,
    primaryColor: acme ? '#1C7C54' : random.pick(COLORS),
    buttonStyle: acme ? 'ROUNDED' : random.pick(['ROUNDED', 'PILL', 'SQUARE'] as const),
    logoUrl: random.chance(0.6) ? `https://cdn.${slugOf(merchant.name)}.example/logo.svg` : '',
    headline: acme ? 'Gear up now, pay over time' : '',
    updatedAt: SETTINGS_CREATED_AT,
  }
}

const PAGE_DEFAULTS: readonly { pageType: PageType; enabled: boolean; style: 'TEXT' | 'BANNER' }[] = [
  { pageType: 'PRODUCT', enabled: true, style: 'TEXT' },
  { pageType: 'CART', enabled: true, style: 'BANNER' },
  { pageType: 'CHECKOUT', enabled: false, style: 'TEXT' },
]

export function generatePlacements(
  merchant: MerchantRecord,
  programs: ProgramsData,
  random: Random,
): PlacementsRecord | undefined {
  const live = liveParticipations(programs, merchant.id)
    .map((participation) => programs.programs.get(participation.programID))
    .filter((program) => program !== undefined)
  // Messages quote an online program's rate; a merchant selling only in store has no placements.
  const program = live.find((candidate) => candidate.channel === 'ECOMM') ?? live[0]
  if (!program) return undefined
  return {
    merchantID: merchant.id,
    placements: PAGE_DEFAULTS.map((defaults) => ({
      ...defaults,
      programID: program.id,
      termMonths: random.pick([12, 24, 36] as const),
    })),
    updatedAt: SETTINGS_CREATED_AT,
  }
}

export function designRoutes({ store }: ApiDeps) {
  const data = () => store().settings
  return new Hono<ApiEnv>()
    .get('/merchant/:merchantID/checkout-design', requireScope(SCOPES.uiCustomizationsRead), (c) => {
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      const design = data().checkoutDesigns.get(merchantID)
      if (!design) return sendError(c, 404, 'not_found', 'No such merchant.')
      return sendValidated(c, CheckoutDesignResponseSchema, { data: design })
    })
    .put('/merchant/:merchantID/checkout-design', requireScope(SCOPES.uiCustomizationsUpdate), async (c) => {
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      const current = data().checkoutDesigns.get(merchantID)
      if (!current) return sendError(c, 404, 'not_found', 'No such merchant.')
      const body = await readBody(c, CheckoutDesignUpdateSchema)
      if (!body.ok) return body.response
      const updated = { ...current, ...body.value, updatedAt: new Date().toISOString() }
      data().checkoutDesigns.set(merchantID, updated)
      return sendValidated(c, CheckoutDesignResponseSchema, { data: updated })
    })
    .get('/merchant/:merchantID/placements', requireScope(SCOPES.placementsRead), (c) => {
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      const placements = data().placements.get(merchantID) ?? {
        merchantID,
        placements: [],
        updatedAt: SETTINGS_CREATED_AT,
      }
      return sendValidated(c, PlacementsResponseSchema, { data: placements })
    })
    .put('/merchant/:merchantID/placements', requireScope(SCOPES.placementsWrite), async (c) => {
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      const body = await readBody(c, PlacementsUpdateSchema)
      if (!body.ok) return body.response
      const live = new Set(liveParticipations(store().programs, merchantID).map((p) => p.programID))
      const foreign = body.value.placements.find((placement) => !live.has(placement.programID))
      if (foreign) {
        return sendError(
          c,
          400,
          'validation_failed',
          'A placement can only quote a program the merchant takes part in.',
        )
      }
      const updated = { merchantID, placements: body.value.placements, updatedAt: new Date().toISOString() }
      data().placements.set(merchantID, updated)
      return sendValidated(c, PlacementsResponseSchema, { data: updated })
    })
}
