import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type ApiError, isApiError } from '../api/api-error'

/** A refusal for asking too often (429), where the server, or the one in front of it, wants a pause. */
export function tooManyRequests(error: unknown): ApiError | undefined {
  return isApiError(error) && error.kind === 'http' && error.status === 429 ? error : undefined
}

/**
 * Says that there were too many requests and when to try again: the server's Retry-After, in seconds
 * up to a minute and a half, in whole minutes beyond, or "in a moment" when it named no wait.
 */
export function TooManyRequests({ error }: { error: ApiError }) {
  const { t } = useLingui()
  const seconds =
    error.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(error.retryAfterMs / 1_000))
  const minutes = seconds === undefined ? 0 : Math.ceil(seconds / 60)
  const when =
    seconds === undefined
      ? t`Try again in a moment.`
      : seconds < 90
        ? t`Try again in ${plural(seconds, { one: '# second', other: '# seconds' })}.`
        : t`Try again in ${plural(minutes, { one: '# minute', other: '# minutes' })}.`
  return (
    <>
      <Trans>Too many requests were sent from here.</Trans> {when}
    </>
  )
}
