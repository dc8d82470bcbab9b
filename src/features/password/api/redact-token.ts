import { ApiError, isApiError } from '../../../api/api-error'

const PLACEHOLDER = ':activationToken'

/**
 * A link token is a one-time credential, and every failed call is logged with its path; this gives
 * back the same error with the token taken out of the path and message. The path holds the token as
 * the request sent it, percent-encoded, so that is the form looked for (the raw one as well).
 */
export function redactToken(error: unknown, token: string): unknown {
  if (!isApiError(error) || token === '') return error
  const forms = [...new Set([encodeURIComponent(token), token])]
  if (!forms.some((form) => error.path.includes(form))) return error
  const prefix = `${error.method} ${error.path} `
  const suffix = ` (request id ${error.requestId})`
  let detail = error.message.slice(prefix.length, error.message.length - suffix.length)
  // ApiError appends the server's message to the detail itself.
  if (error.serverError) detail = detail.slice(0, detail.length - `: ${error.serverError.message}`.length)
  return new ApiError({
    kind: error.kind,
    method: error.method,
    path: forms.reduce((path, form) => path.replaceAll(form, PLACEHOLDER), error.path),
    requestId: error.requestId,
    detail,
    status: error.status,
    body: error.body,
    issues: error.issues,
    retryAfterMs: error.retryAfterMs,
    cause: error.cause,
  })
}
