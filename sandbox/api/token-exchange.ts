import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { TokenExchangeRequestSchema, TokenExchangeResponseSchema } from '../../contract/auth'
import { TENANT_IDS, ZERO_MERCHANT_ID } from '../data/ids'
import type { Persona } from '../data/personas'
import { findAccountById } from '../idp/accounts'
import type { Store } from '../store'
import type { ApiDeps, ApiEnv } from './env'
import { type ErrorCode, readBody, sendError, sendValidated } from './http'
import type { ProviderTokenVerifier } from './provider-tokens'

export type ExchangeResult =
  | { ok: true; token: string }
  | { ok: false; status: ContentfulStatusCode; code: ErrorCode; message: string }

/**
 * The merchant rules of the exchange: an assigned user gets only their own merchant (asking for the
 * zero id, "no preference", as the portal does right after sign-in, gives it too); a user with the
 * zero merchant may pick any existing merchant, or the zero id for "none chosen yet".
 */
export async function exchangeFor(
  deps: ApiDeps,
  persona: Persona,
  requestedMerchantID: string,
  authTime: number | undefined,
): Promise<ExchangeResult> {
  const store: Store = deps.store()
  let tenantID: string = persona.tenantID
  let cid = requestedMerchantID
  if (persona.merchantID !== ZERO_MERCHANT_ID) {
    if (requestedMerchantID === ZERO_MERCHANT_ID) cid = persona.merchantID
    else if (requestedMerchantID !== persona.merchantID) {
      return {
        ok: false,
        status: 403,
        code: 'merchant_not_allowed',
        message: 'The user may not act for this merchant.',
      }
    }
  } else if (requestedMerchantID !== ZERO_MERCHANT_ID) {
    const merchant = store.merchants.find((candidate) => candidate.id === requestedMerchantID)
    if (!merchant) return { ok: false, status: 404, code: 'not_found', message: 'No such merchant.' }
    tenantID = merchant.tenantID
  } else {
    tenantID = TENANT_IDS.default
  }
  const token = await deps.portalTokens.mint({
    scp: persona.scopes,
    cid,
    tenantID,
    sub: persona.id,
    uid: persona.id,
    merchantID: persona.merchantID,
    ...(authTime === undefined ? {} : { auth_time: authTime }),
  })
  return { ok: true, token }
}

export function tokenExchangeRoutes(deps: ApiDeps, verifyProviderToken: ProviderTokenVerifier): Hono<ApiEnv> {
  return new Hono<ApiEnv>().post('/auth/org/token/exchange', async (c) => {
    const bearer = /^Bearer (\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1]
    const providerClaims = bearer ? await verifyProviderToken(bearer) : undefined
    const account = providerClaims ? findAccountById(deps.store(), providerClaims.sub) : undefined
    if (!account?.active) {
      return sendError(c, 401, 'unauthorized', 'A valid identity-provider access token is required.')
    }
    const body = await readBody(c, TokenExchangeRequestSchema)
    if (!body.ok) return body.response
    const result = await exchangeFor(deps, account, body.value.merchantID, providerClaims?.authTime)
    if (!result.ok) return sendError(c, result.status, result.code, result.message)
    return sendValidated(c, TokenExchangeResponseSchema, { data: { token: result.token } })
  })
}
