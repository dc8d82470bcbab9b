import { ApiError, isApiError } from '../../../api/api-error'

const PLACEHOLDER = ':activationToken'

/**
 * A link token is a one-time credential, and every failed call is logged with its path; this gives
 * back the same error with the token taken out of the path and message.
 */
export function redactToken(error: unknown, token: string): unknown {
  if (!isApiError(error) || token === '' || !error.path.includes(token)) return error
  const prefix = `${error.method} ${error.path} `
  const suffix = ` (request id ${error.requestId})`
  let detail = error.message.slice(prefix.length, error.message.length - suffix.length)
  // ApiError appends the server's message to the detail itself.
  if (error.serverError) detail = detail.slice(0, detail.length - `: ${error.serverError.message}`.length)
  return new ApiError({
    kind: error.kind,
    method: error.method,
    path: error.path.replaceAll(token, PLACEHOLDER),
    requestId: error.requestId,
    detail,
    status: error.status,
    body: error.body,
    issues: error.issues,
    cause: error.cause,
  })
}
