import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isApiError } from '../../../api/api-error'
import { outcomeUnknown } from './dispute-refusal'

/**
 * Why a transaction action failed, in words: the platform's own message for a refusal, and for no
 * answer (or a 5xx) that it may have gone through, and that trying again will not act twice.
 */
export function actionRefusalText(i18n: I18n, error: unknown): string {
  if (outcomeUnknown(error)) {
    return i18n._(
      msg`We could not reach the platform, so we do not know whether this went through. Try again: it will not act twice.`,
    )
  }
  if (isApiError(error) && error.serverError) return error.serverError.message
  return i18n._(msg`The platform could not complete this action.`)
}
