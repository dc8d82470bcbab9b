/** Thrown by a route guard when the user may not open a page; the router renders Permission Denied. */
export class ForbiddenError extends Error {
  override readonly name = 'ForbiddenError'

  constructor(readonly gate: string) {
    super(`Forbidden by gate ${gate}`)
  }
}

export function isForbiddenError(error: unknown): error is ForbiddenError {
  return error instanceof ForbiddenError
}
