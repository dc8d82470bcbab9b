import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type AlertStore, AUTH_ERROR_ALERT_DURATION_MS } from '../alerts/alert-store'

export const DEFAULT_ERROR_MESSAGE = msg`Something went wrong. Please try again or contact the Merchant Success team.`

/** The alert of a failed sign-in: the default error message plus the cause, for 20 seconds. */
export function signInFailed(alerts: AlertStore, i18n: I18n, message: string): void {
  alerts.show({
    status: 'ERROR',
    message: [i18n._(DEFAULT_ERROR_MESSAGE), i18n._(msg`Error was: ${message}`)],
    duration: AUTH_ERROR_ALERT_DURATION_MS,
  })
}
