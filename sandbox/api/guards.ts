import type { MiddlewareHandler } from 'hono'
import { type PortalTokenClaims, STEP_UP_ERROR_CODE, STEP_UP_MAX_AGE_SECONDS } from '../../contract/auth'
import { ZERO_MERCHANT_ID } from '../data/ids'
import type { ApiContext, ApiDeps, ApiEnv } from './env'
import { sendError } from './http'

/** The verified portal token; only routes behind the auth middleware may call this. */
export function claimsOf(c: ApiContext): PortalTokenClaims {
  const claims = c.get('claims')
  if (!claims) throw new Error(`${c.req.method} ${c.req.path} read the portal token but is a public route`)
  return claims
}

export function hasScope(claims: PortalTokenClaims, scope: string): boolean {
  return claims.scp.includes(scope)
}

/** Refuses the call with 403 unless the portal token carries `scope`. */
export function requireScope(scope: string): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (!hasScope(claimsOf(c), scope)) {
      return sendError(c, 403, 'insufficient_scope', `This call needs the ${scope} scope.`)
    }
    await next()
  }
}

/**
 * The platform's rule for a transaction action (spec sections 6 and 9): write access comes with any
 * scope starting with `c:tx`; per-action scopes (`c:tx.refund`) narrow it to the actions they name.
 */
export function allowsTransactionAction(scopes: readonly string[], actionScope: string): boolean {
  if (!scopes.some((scope) => scope.startsWith('c:tx'))) return false
  const narrowed = scopes.some((scope) => scope.startsWith('c:tx.'))
  return !narrowed || scopes.includes(actionScope)
}

/** Refuses a transaction action with 403 unless the token may take it (see allowsTransactionAction). */
export function requireTransactionAction(actionScope: string): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (!allowsTransactionAction(claimsOf(c).scp, actionScope)) {
      return sendError(c, 403, 'insufficient_scope', `This call needs write access (${actionScope} or c:tx).`)
    }
    await next()
  }
}

/**
 * Refuses a write on a transaction that no per-action scope names (answering a dispute) with 403
 * unless the token has write access: any scope starting with `c:tx` (spec sections 6 and 9).
 */
export function requireTransactionWrite(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (!claimsOf(c).scp.some((scope) => scope.startsWith('c:tx'))) {
      return sendError(c, 403, 'insufficient_scope', 'This call needs write access (a c:tx scope).')
    }
    await next()
  }
}

/** A 403 response while the token acts for no merchant (none chosen yet); undefined once it does. */
export function refuseNoMerchant(c: ApiContext): Response | undefined {
  if (claimsOf(c).cid !== ZERO_MERCHANT_ID) return undefined
  return sendError(c, 403, 'merchant_not_allowed', 'Choose a merchant (token exchange) before this call.')
}

function refuseForeignMerchant(c: ApiContext, merchantID: string): Response | undefined {
  if (merchantID === claimsOf(c).cid) return undefined
  return sendError(c, 403, 'merchant_not_allowed', 'The token does not act for this merchant.')
}

/** A 403 response unless the token acts for `merchantID` (its `cid`); undefined when allowed. */
export function refuseOtherMerchant(c: ApiContext, merchantID: string | undefined): Response | undefined {
  if (!merchantID) {
    return sendError(c, 400, 'bad_request', 'A merchant id is required.')
  }
  return refuseNoMerchant(c) ?? refuseForeignMerchant(c, merchantID)
}

/** For list calls: a 400 without `merchantID.eq`, a 403 when it is not the token's merchant. */
export function refuseQueriedMerchant(c: ApiContext): Response | undefined {
  const merchantID = c.req.query('merchantID.eq')
  if (!merchantID) return sendError(c, 400, 'bad_request', 'merchantID.eq is required.')
  return refuseForeignMerchant(c, merchantID)
}

/** Users with an assigned merchant may only see that merchant; the others may see any. */
export function mayActFor(claims: PortalTokenClaims, merchantID: string): boolean {
  return claims.merchantID === ZERO_MERCHANT_ID || claims.merchantID === merchantID
}

/**
 * Step-up: refuses the call with 403 `reauthentication_required` unless the user signed in at the
 * identity provider within STEP_UP_MAX_AGE_SECONDS by the sandbox clock (the portal token's
 * `auth_time`, carried from the provider's token by the exchange). A token without one is refused too.
 */
export function requireFreshSignIn(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const authTime = claimsOf(c).auth_time
    const age = authTime === undefined ? undefined : Math.floor(deps.clock.now() / 1000) - authTime
    if (age === undefined || age > STEP_UP_MAX_AGE_SECONDS) {
      return sendError(
        c,
        403,
        STEP_UP_ERROR_CODE,
        `This action needs a sign-in within the last ${STEP_UP_MAX_AGE_SECONDS / 60} minutes.`,
        { maxAgeSeconds: STEP_UP_MAX_AGE_SECONDS },
      )
    }
    await next()
  }
}
