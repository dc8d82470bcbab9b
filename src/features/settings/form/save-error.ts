import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isApiError } from '../../../api/api-error'

/**
 * What to tell the user about a failed save. The platform's own message is shown when it gave one
 * (it names the rule that was broken); otherwise a sentence for the kind of failure.
 */
export function saveErrorMessage(error: unknown, i18n: I18n): string {
  if (!isApiError(error)) return i18n._(msg`Something went wrong. Try again.`)
  if (error.serverError?.message) return error.serverError.message
  switch (error.kind) {
    case 'timeout':
    case 'network':
      return i18n._(msg`The server could not be reached. Check your connection and try again.`)
    case 'merchant-mismatch':
      return i18n._(msg`Another tab switched to another merchant, so nothing was sent.`)
    case 'invalid-response':
      return i18n._(msg`The server answered in a way the portal did not expect. Try again later.`)
    default:
      if (error.status === 403) return i18n._(msg`You are not allowed to change these settings.`)
      if (error.status === 409) {
        return i18n._(msg`Someone else changed these settings meanwhile. Reload the page and try again.`)
      }
      return i18n._(msg`The server could not save your changes. Try again.`)
  }
}
