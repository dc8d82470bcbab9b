import { Hono } from 'hono'
import { VerificationCodeListSchema } from '../../contract/settings'
import type { ApiDeps, ApiEnv } from '../api/env'
import { refuseOtherMerchant, requireScope } from '../api/guards'
import { sendError, sendValidated } from '../api/http'
import { SCOPES } from '../data/personas'

// No look-alike characters (0/O, 1/I/L), so staff can read a code aloud or off a receipt.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/** A location's verification code, derived from its id so it stays the same across resets. */
export function verificationCodeFor(locationID: string): string {
  let hash = 2_166_136_261
  for (const char of locationID) {
    hash ^= char.charCodeAt(0)
    hash = Math.imul(hash, 16_777_619) >>> 0
  }
  let code = ''
  for (let index = 0; index < 6; index++) {
    code += CODE_ALPHABET[hash % CODE_ALPHABET.length]
    hash = (Math.floor(hash / CODE_ALPHABET.length) ^ Math.imul(hash, 2_654_435_761)) >>> 0
  }
  return `${code.slice(0, 3)}-${code.slice(3)}`
}

export function codeRoutes({ store }: ApiDeps) {
  return new Hono<ApiEnv>().get(
    '/merchant/:merchantID/location-verification-codes',
    requireScope(SCOPES.verificationCodesRead),
    (c) => {
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      const locations = store().locations.of(merchantID)
      if (!locations) return sendError(c, 404, 'not_found', 'No such merchant.')
      const items = locations
        .filter((location) => location.status !== 'CLOSED')
        .map((location) => ({
          locationID: location.id,
          storeNumber: location.storeNumber,
          locationName: location.name,
          city: location.address.city,
          region: location.address.region,
          code: verificationCodeFor(location.id),
          updatedAt: new Date(location.updatedAt).toISOString(),
        }))
      return sendValidated(c, VerificationCodeListSchema, { data: { items } })
    },
  )
}
