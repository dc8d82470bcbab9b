import { isForbiddenError } from './forbidden-error'
import { isMerchantNotChosen } from './merchant-not-chosen'

/**
 * The errors a guard throws on purpose: a refusal (Permission Denied) and an ops user's missing merchant
 * (the chooser). The router shows them through error components; only other errors are failures, to be
 * reported where React reports the errors its boundaries catch.
 */
export function isRouterOutcome(error: unknown): boolean {
  return isForbiddenError(error) || isMerchantNotChosen(error)
}

/** React's `onCaughtError` for the app's root: reports what a boundary caught unless it is an outcome. */
export function reportCaughtError(error: unknown): void {
  if (!isRouterOutcome(error)) console.error(error)
}
