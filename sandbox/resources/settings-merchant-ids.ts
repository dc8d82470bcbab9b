import { Hono } from 'hono'
import * as v from 'valibot'
import {
  type MerchantIdCheck,
  MerchantIdCheckRequestSchema,
  MerchantIdCheckResponseSchema,
} from '../../contract/settings'
import type { ApiDeps, ApiEnv } from '../api/env'
import { requireScope } from '../api/guards'
import { readBody, sendValidated } from '../api/http'
import { SCOPES } from '../data/personas'
import { liveParticipations } from './programs'

const isUuid = (value: string) => v.is(v.pipe(v.string(), v.uuid()), value)

/**
 * Checks merchant ids for virtual card issuance: the id must name a merchant that takes part in an
 * active in-store program with virtual card checkout. Provider staff only, for any merchant.
 */
export function merchantIdRoutes({ store }: ApiDeps) {
  return new Hono<ApiEnv>().post(
    '/merchant-id-validation',
    requireScope(SCOPES.merchantIdValidationRead),
    async (c) => {
      const body = await readBody(c, MerchantIdCheckRequestSchema)
      if (!body.ok) return body.response
      const { merchants, programs } = store()
      const items = body.value.merchantIDs.map((raw): MerchantIdCheck => {
        const merchantID = raw.trim().toLowerCase()
        if (!isUuid(merchantID)) return { merchantID: raw, verdict: 'MALFORMED', merchantName: null }
        const merchant = merchants.find((candidate) => candidate.id === merchantID)
        if (!merchant) return { merchantID, verdict: 'NOT_FOUND', merchantName: null }
        const virtualCard = liveParticipations(programs, merchantID).some((participation) => {
          const program = programs.programs.get(participation.programID)
          return program?.channel === 'INSTORE' && program.checkoutMode === 'VirtualCard'
        })
        return { merchantID, verdict: virtualCard ? 'VALID' : 'NOT_ENROLLED', merchantName: merchant.name }
      })
      return sendValidated(c, MerchantIdCheckResponseSchema, { data: { items } })
    },
  )
}
