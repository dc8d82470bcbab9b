import { ACCESS_LEVELS, type AccessLevel } from '../../contract/users'
import { SCOPES } from './scopes'

/** Scopes only the provider's own staff hold: no access level of user management grants them. */
const STAFF_ONLY: ReadonlySet<string> = new Set([
  SCOPES.settings.internalEdit,
  SCOPES.settings.internalView,
  SCOPES.merchantIdValidation.read,
  SCOPES.virtualCard.issue,
])

const MERCHANT_SCOPES: readonly string[] = Object.values(SCOPES)
  .flatMap((area): string[] => Object.values(area))
  .filter((scope) => !STAFF_ONLY.has(scope))

/**
 * What each access level grants (sandbox/README, Personas): read and write every merchant-facing
 * scope, or read only their `r:` ones.
 */
export const ACCESS_LEVEL_SCOPES: Readonly<Record<AccessLevel, readonly string[]>> = {
  READ: MERCHANT_SCOPES.filter((scope) => scope.startsWith('r:')),
  'READ/WRITE': MERCHANT_SCOPES,
}

/**
 * The levels a user may give others: those whose every scope the user holds, since nobody grants more
 * than they have (the platform refuses the rest with 403 `access_exceeds_inviter`).
 */
export function grantableAccessLevels(scopes: ReadonlySet<string>): AccessLevel[] {
  return ACCESS_LEVELS.filter((level) => ACCESS_LEVEL_SCOPES[level].every((scope) => scopes.has(scope)))
}
