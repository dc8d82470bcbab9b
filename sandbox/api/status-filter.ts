import type { ApiContext } from './env'
import { sendError } from './http'

/**
 * A list's `status` filter (or another `parameter` of the kind), repeated or comma-separated (`?status=A&status=B`, `?status=A,B`): null when
 * absent, a 400 response for a status outside `statuses`.
 */
export function readStatusFilter<const TStatus extends string>(
  c: ApiContext,
  statuses: readonly TStatus[],
  parameter = 'status',
): TStatus[] | null | Response {
  const raw = (c.req.queries(parameter) ?? [])
    .flatMap((value) => value.split(','))
    .filter((value) => value !== '')
  if (raw.length === 0) return null
  const isStatus = (value: string): value is TStatus => statuses.some((status) => status === value)
  const unknown = raw.find((value) => !isStatus(value))
  if (unknown !== undefined) return sendError(c, 400, 'bad_request', `Unknown ${parameter} ${unknown}.`)
  return raw.filter(isStatus)
}
