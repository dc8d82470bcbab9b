import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ACCESS_KEY_ERROR_CODES, ACCESS_KEYS_PER_ENVIRONMENT_MAX } from '../../../../contract/access-keys'
import { isApiError } from '../../../api/api-error'
import { saveErrorMessage } from '../form/save-error'

/** What to tell the user about a refused key write: the lifecycle's codes in words, else the usual. */
export function keyErrorMessage(error: unknown, i18n: I18n): string {
  const code = isApiError(error) ? error.serverError?.code : undefined
  const max = ACCESS_KEYS_PER_ENVIRONMENT_MAX
  switch (code) {
    case ACCESS_KEY_ERROR_CODES.tooMany:
      return i18n._(
        msg`This environment already holds ${max} keys, the most it can. Revoke a key you no longer use, then try again.`,
      )
    case ACCESS_KEY_ERROR_CODES.notActive:
      return i18n._(
        msg`This key was already rotated or revoked, perhaps by someone else. Close this and check the list.`,
      )
    case ACCESS_KEY_ERROR_CODES.nameMismatch:
      return i18n._(msg`The name you typed is not this key’s name. Type it exactly, with the same capitals.`)
    case ACCESS_KEY_ERROR_CODES.secretGone:
      return i18n._(
        msg`The key was made, but its secret is shown only once and cannot be shown again. Rotate the key to get a new secret.`,
      )
    default:
      return saveErrorMessage(error, i18n)
  }
}
