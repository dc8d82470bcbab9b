import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { type ApiError, isApiError } from '../api/api-error'

/** A refusal for asking too often (429), where the server, or the one in front of it, wants a pause. */
export function tooManyRequests(error: unknown): ApiError | undefined {
  return isApiError(error) && error.kind === 'http' && error.status === 429 ? error : undefined
}

/** Says that there were too many requests and when to try again: the server's Retry-After, in seconds. */
export function TooManyRequests({ error }: { error: ApiError }) {
  const { t } = useLingui()
  if (error.retryAfterMs === undefined)
    return t`Too many requests were sent from here. Try again in a moment.`
  const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1_000))
  return t`Too many requests were sent from here. Try again in ${plural(seconds, { one: '# second', other: '# seconds' })}.`
}
