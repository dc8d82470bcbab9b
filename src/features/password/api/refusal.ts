import { isApiError, type ServerError } from '../../../api/api-error'

/** The server's explanation when it refused a password (400), for showing beside the form. */
export function refusalOf(error: unknown): ServerError | undefined {
  return isApiError(error) && error.kind === 'http' && error.status === 400 ? error.serverError : undefined
}
