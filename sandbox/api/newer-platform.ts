import { randomBytes, randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { PlatformMode } from '../control-wire'
import type { ApiContext, ApiEnv } from './env'

/*
 * The "newer platform" mode: the sandbox answers as a later version of the platform may, within what
 * the spec leaves open (most shapes are "not shown"), so that the portal is proven liberal in what it
 * accepts:
 * - every JSON object carries fields the portal does not know;
 * - open enumerations carry values it does not know: lapsed and scheduled participations are in states
 *   of other names, ecommerce programs in another checkout mode (none of which may grant anything),
 *   disputes a reason of another name and a dispute under review an event of a kind it does not know;
 * - records created while the mode is on get ids that are not UUIDs;
 * - flags are named in camelCase, and the bulk answer has entries whose result is not text;
 * - participation pages are cut shorter than the limit asked for;
 * - writes that change an entity in place (PUT, PATCH, a cart's notify and expire) answer 204 with
 *   no body.
 * It runs inside the fault injection, so a fault a test injects is answered exactly as it was given.
 */

export class PlatformSwitch {
  constructor(
    private readonly startMode: PlatformMode,
    public mode: PlatformMode = startMode,
  ) {}

  /** Back to the mode the sandbox was started in (a reset does this). */
  reset(): void {
    this.mode = this.startMode
  }
}

/** The id of a record created by a request: a UUID, or in the newer mode an opaque prefixed string. */
export function newRecordId(c: ApiContext, prefix: string): string {
  return c.get('platform') === 'newer' ? `${prefix}_${randomBytes(9).toString('base64url')}` : randomUUID()
}

/** The largest participation page the newer platform answers, whatever limit is asked for. */
export const NEWER_PARTICIPATION_PAGE = 50

const UNKNOWN_FIELD = 'platformExtensions'
const unknownField = () => ({ revision: 3, links: [{ rel: 'self', kind: 'newer-platform' }] })

const STATE_RENAMES: Readonly<Record<string, string>> = {
  LAPSED: 'LAPSED_PENDING_RENEWAL',
  SCHEDULED: 'SCHEDULED_FOR_REVIEW',
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

export function isObject(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Whether the field `name` of `parent` is a record whose keys are data the portal chose, not fields:
 * a program's merchant values and an enrollment's data.
 */
export function isDataRecord(name: string, parent: { [key: string]: Json }): boolean {
  return name === 'values' || (name === 'data' && 'enrollmentID' in parent)
}

/** Adds an unknown field to every object, except inside records whose keys are data, not fields. */
function withUnknownFields(value: Json, key = ''): Json {
  if (Array.isArray(value)) return value.map((item) => withUnknownFields(item))
  if (!isObject(value)) return value
  const out: { [key: string]: Json } = {}
  for (const [name, inner] of Object.entries(value)) {
    out[name] = isDataRecord(name, value) ? inner : withUnknownFields(inner, name)
  }
  if (key !== 'details') out[UNKNOWN_FIELD] = unknownField()
  return out
}

/** An answer without the fields the newer platform adds, for tests that compare what the sandbox holds. */
export function withoutUnknownFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUnknownFields)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => name !== UNKNOWN_FIELD)
      .map(([name, inner]) => [name, withoutUnknownFields(inner)]),
  )
}

function camelCaseName(name: string): string {
  return name.replace(/[-_]+(.)/g, (_match, next: string) => next.toUpperCase())
}

function newerFlags(answer: Json): Json {
  if (!isObject(answer)) return answer
  const renamed = Object.fromEntries(
    Object.entries(answer).map(([name, entry]) => [camelCaseName(name), entry]),
  )
  return {
    ...renamed,
    isNewerDashboardEnabled: { result: true },
    isNewerCheckoutEnabled: { result: { enabled: true } },
  }
}

function newerParticipations(answer: Json): Json {
  if (!isObject(answer) || !isObject(answer.data ?? null)) return answer
  const data = answer.data as { [key: string]: Json }
  const items = Array.isArray(data.items) ? data.items.slice(0, NEWER_PARTICIPATION_PAGE) : []
  const pagination = isObject(data.pagination ?? null) ? (data.pagination as { [key: string]: Json }) : {}
  const limit =
    typeof pagination.limit === 'number' ? Math.min(pagination.limit, NEWER_PARTICIPATION_PAGE) : 0
  return {
    ...answer,
    data: {
      ...data,
      items: items.map((item) =>
        isObject(item) && typeof item.state === 'string' && STATE_RENAMES[item.state]
          ? { ...item, state: STATE_RENAMES[item.state] ?? item.state }
          : item,
      ),
      pagination: { ...pagination, limit },
    },
  }
}

function newerProgram(answer: Json): Json {
  if (!isObject(answer) || !isObject(answer.data ?? null)) return answer
  const program = answer.data as { [key: string]: Json }
  return program.channel === 'ECOMM'
    ? { ...answer, data: { ...program, checkoutMode: 'EmbeddedCheckout' } }
    : answer
}

const REASON_RENAMES: Readonly<Record<string, string>> = { UNRECOGNIZED: 'UNRECOGNIZED_BY_CARDHOLDER' }

/** Every dispute in a transaction answer, as the newer platform tells it. */
function newerDisputes(value: Json): Json {
  if (Array.isArray(value)) return value.map(newerDisputes)
  if (!isObject(value)) return value
  const out: { [key: string]: Json } = {}
  for (const [name, inner] of Object.entries(value)) out[name] = newerDisputes(inner)
  const dispute = out.dispute
  if (dispute === undefined || !isObject(dispute)) return out
  const reason = typeof dispute.reason === 'string' ? REASON_RENAMES[dispute.reason] : undefined
  const timeline = Array.isArray(dispute.timeline) ? dispute.timeline : undefined
  const last = timeline?.at(-1)
  // The platform passed the challenge on to the card's issuer, at the time it was made.
  const forwarded =
    dispute.status === 'UNDER_REVIEW' && timeline && last !== undefined && isObject(last)
      ? [...timeline, { at: last.at ?? null, type: 'FORWARDED_TO_ISSUER', actor: 'platform' }]
      : timeline
  out.dispute = {
    ...dispute,
    ...(reason && { reason }),
    ...(forwarded && { timeline: forwarded }),
  }
  return out
}

function isInPlaceWrite(method: string, path: string): boolean {
  return method === 'PUT' || method === 'PATCH' || (method === 'POST' && /\/(notify|expire)$/.test(path))
}

/** Rewrites the answers of /api as the newer platform would give them, while the mode is on. */
export function newerPlatform(platform: PlatformSwitch): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set('platform', platform.mode)
    await next()
    if (platform.mode !== 'newer') return
    const { method, path } = c.req
    // Hono carries the old answer's headers (CORS, cookies, request id) over to the new one; its length
    // and type are the new answer's own.
    if (c.res.status >= 200 && c.res.status < 300 && isInPlaceWrite(method, path)) {
      c.res = new Response(null, { status: 204 })
      c.res.headers.delete('Content-Type')
      c.res.headers.delete('Content-Length')
      return
    }
    if (!c.res.headers.get('Content-Type')?.includes('application/json')) return
    let answer = (await c.res.json()) as Json
    if (path === '/api/featureflag/evaluation/bulk') answer = newerFlags(answer)
    else if (path === '/api/merchant-program-participation') answer = newerParticipations(answer)
    else if (path.startsWith('/api/program/')) answer = newerProgram(answer)
    else if (path === '/api/transactions' || path.startsWith('/api/transactions/')) {
      answer = newerDisputes(answer)
    }
    c.res = new Response(JSON.stringify(withUnknownFields(answer)), {
      status: c.res.status,
      headers: { 'Content-Type': 'application/json' },
    })
    c.res.headers.delete('Content-Length')
  }
}
