import { STEP_UP_ERROR_CODE, STEP_UP_MAX_AGE_SECONDS } from '../../contract/auth'
import { isApiError } from '../api/api-error'

/**
 * Thrown before a step-up action is sent when the portal token says the sign-in is older than
 * STEP_UP_MAX_AGE_SECONDS: the portal asks for a fresh sign-in first rather than after the refusal.
 */
export class FreshSignInNeeded extends Error {
  constructor() {
    super('This action needs a fresh sign-in.')
    this.name = 'FreshSignInNeeded'
  }
}

/** The platform's refusal of a step-up action (403 reauthentication_required), or the portal's own check. */
export function needsFreshSignIn(error: unknown): boolean {
  if (error instanceof FreshSignInNeeded) return true
  return isApiError(error) && error.status === 403 && error.serverError?.code === STEP_UP_ERROR_CODE
}

/**
 * Whether a sign-in at `authTime` (seconds since the epoch, from the portal token) is too old for a
 * step-up action at `nowMs`. Without an `auth_time` the portal cannot tell, so it sends and lets the
 * platform decide (its refusal asks all the same).
 */
export function signInTooOld(authTime: number | undefined, nowMs: number): boolean {
  return authTime !== undefined && nowMs / 1_000 - authTime > STEP_UP_MAX_AGE_SECONDS
}
