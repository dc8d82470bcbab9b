import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { DISPUTE_ERROR_CODES } from '../../../../contract/disputes'
import { isApiError } from '../../../api/api-error'

const CODE_TEXTS = {
  [DISPUTE_ERROR_CODES.alreadyAccepted]: msg`This dispute was accepted already, so it cannot be answered again.`,
  [DISPUTE_ERROR_CODES.alreadyChallenged]: msg`This dispute was challenged already, so it cannot be answered again.`,
  [DISPUTE_ERROR_CODES.decided]: msg`This dispute has been decided, so it can no longer be answered.`,
  [DISPUTE_ERROR_CODES.deadlinePassed]: msg`The time to respond to this dispute is over.`,
  [DISPUTE_ERROR_CODES.notFound]: msg`This transaction no longer has a dispute to answer.`,
}

/** Whether a failed answer may have reached the platform all the same: no answer, or a 5xx. */
export function outcomeUnknown(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.kind === 'network' ||
      error.kind === 'timeout' ||
      (error.kind === 'http' && (error.status ?? 0) >= 500))
  )
}

/** Why the platform refused an answer to a dispute, in words; its own message for codes the portal does not know. */
export function disputeRefusalText(i18n: I18n, error: unknown): string {
  if (outcomeUnknown(error)) {
    return i18n._(
      msg`We could not reach the platform, so we do not know whether this went through. Try again: it will not act twice.`,
    )
  }
  if (isApiError(error) && error.serverError) {
    const known = Object.hasOwn(CODE_TEXTS, error.serverError.code)
      ? CODE_TEXTS[error.serverError.code as keyof typeof CODE_TEXTS]
      : undefined
    return known ? i18n._(known) : error.serverError.message
  }
  return i18n._(msg`The platform could not complete this action.`)
}
