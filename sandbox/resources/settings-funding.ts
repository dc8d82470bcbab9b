import { Hono } from 'hono'
import type * as v from 'valibot'
import {
  FundingSettingsResponseSchema,
  type FundingSettingsSchema,
  FundingSettingsUpdateSchema,
  WEEKDAYS,
} from '../../contract/settings'
import type { ApiDeps, ApiEnv } from '../api/env'
import { refuseOtherMerchant, requireScope } from '../api/guards'
import { readBody, sendError, sendValidated } from '../api/http'
import { MERCHANT_IDS } from '../data/ids'
import { SCOPES } from '../data/personas'
import type { Random } from '../data/random'
import type { MerchantRecord } from './merchants'
import { SETTINGS_CREATED_AT } from './settings-profile'

export type FundingSettingsRecord = v.InferInput<typeof FundingSettingsSchema>

function descriptorOf(name: string): string {
  const cleaned = name.toUpperCase().replace(/[^A-Z0-9 ]/g, '')
  return `${cleaned.slice(0, 16).trim()} PAYOUT`.slice(0, 22)
}

export function generateFunding(merchant: MerchantRecord, random: Random): FundingSettingsRecord {
  const schedule: FundingSettingsRecord['schedule'] =
    merchant.id === MERCHANT_IDS.acme
      ? { frequency: 'DAILY' }
      : merchant.id === MERCHANT_IDS.initech
        ? { frequency: 'WEEKLY', weekday: 'FRIDAY' }
        : random.pick([
            { frequency: 'DAILY' },
            { frequency: 'WEEKLY', weekday: random.pick(WEEKDAYS) },
            { frequency: 'MONTHLY', dayOfMonth: random.int(1, 28) },
          ])
  return {
    merchantID: merchant.id,
    schedule,
    settlement: {
      feeHandling: random.chance(0.7) ? 'NET' : 'GROSS',
      minimumPayoutAmount: random.pick([0, 2_500, 10_000]),
      statementDescriptor: descriptorOf(merchant.name),
    },
    updatedAt: SETTINGS_CREATED_AT,
  }
}

export function fundingRoutes({ store }: ApiDeps) {
  const funding = () => store().settings.funding
  return new Hono<ApiEnv>()
    .get('/merchant/:merchantID/funding-settings', requireScope(SCOPES.fundingRead), (c) => {
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      const current = funding().get(merchantID)
      if (!current) return sendError(c, 404, 'not_found', 'No such merchant.')
      return sendValidated(c, FundingSettingsResponseSchema, { data: current })
    })
    .put('/merchant/:merchantID/funding-settings', requireScope(SCOPES.fundingUpdate), async (c) => {
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      const current = funding().get(merchantID)
      if (!current) return sendError(c, 404, 'not_found', 'No such merchant.')
      const body = await readBody(c, FundingSettingsUpdateSchema)
      if (!body.ok) return body.response
      const updated: FundingSettingsRecord = {
        ...current,
        ...body.value,
        updatedAt: new Date().toISOString(),
      }
      funding().set(merchantID, updated)
      return sendValidated(c, FundingSettingsResponseSchema, { data: updated })
    })
}
