import type { Context, Hono, MiddlewareHandler } from 'hono'
import { EvidenceResponseSchema } from '../../contract/disputes'
import { TransactionPageSchema, TransactionResponseSchema } from '../../contract/transactions'
import type { ApiEnv } from './env'
import type { WireIds } from './id-aliases'
import { isDataRecord, isObject, type Json, type PlatformSwitch } from './newer-platform'
import { decodedSegment, matchesRoute, type RoutePattern } from './patterns'
import type { PortalTokens } from './portal-tokens'
import { requiredShape, type Shape } from './required-fields'

/*
 * The "spec-minimal" mode: the sandbox answers with only what the spec promises, so that the portal is
 * proven to need nothing more (CONTRACT section 6):
 * - where spec section 3 lists an entity's fields (programs, participations, payment products, their
 *   configurations and enrollments, flag results) or section 7 an answer's, answers carry those alone;
 * - transactions, which the spec leaves to the contract, carry what the contract requires alone: no
 *   line items, addresses, plan or dispute challenge, which it makes optional;
 * - a field whose value is null is left out of every answer (a participation's deletedAt is there
 *   only when set);
 * - merchant and program ids are opaque aliases that are not UUIDs (./id-aliases.ts), in answers, in
 *   the portal token's claims and in everything the portal sends back;
 * - flags keep the platform's own names (the normal answers already do).
 * The platform's routes keep working with their own ids and shapes: this module stands between them
 * and the wire, after the request record and the faults, so a fault a test injects is answered
 * exactly as it was given, and a recorded request is what the portal sent.
 */

/** A shape's key for a map whose keys are names, not fields (the bulk flag answer): every entry. */
const EVERY_ENTRY = '*'

// Spec section 3.
const PROGRAM: Shape = { id: true, channel: true, displayInterestRateBPS: true, checkoutMode: true }
const PARTICIPATION: Shape = { programID: true, merchantID: true, state: true, deletedAt: true }
const PAYMENT_PRODUCT: Shape = { type: true }
const CONFIGURATION: Shape = { paymentProduct: PAYMENT_PRODUCT, attributes: true }
const ENROLLMENT: Shape = { enrollmentID: true, data: true }
const FLAG_RESULT: Shape = { result: true }
const TRANSACTION = requiredShape(TransactionResponseSchema)

/**
 * The successful answers whose fields the spec names. Where section 7 shows an answer's envelope it is
 * kept as shown (participations: data.items and data.pagination; configurations: data.items alone);
 * where it does not, the sandbox's envelope stays and only the entities in it are cut.
 */
const SPEC_SHAPES: readonly { route: RoutePattern; shape: Shape }[] = [
  { route: { method: 'POST', path: '/api/auth/org/token/exchange' }, shape: { data: { token: true } } },
  { route: { method: 'GET', path: '/api/program/*' }, shape: { data: PROGRAM } },
  {
    route: { method: 'GET', path: '/api/merchant-program-participation' },
    shape: { data: { items: PARTICIPATION, pagination: { offset: true, limit: true, total: true } } },
  },
  {
    route: { method: 'GET', path: '/api/program/*/payment-product' },
    shape: { data: { items: PAYMENT_PRODUCT, pagination: true } },
  },
  {
    route: { method: 'GET', path: '/api/program/*/payment-product-configuration' },
    shape: { data: { items: CONFIGURATION } },
  },
  {
    route: { method: 'GET', path: '/api/payment-product-enrollment' },
    shape: { data: { items: ENROLLMENT, pagination: true } },
  },
  { route: { method: 'POST', path: '/api/payment-product-enrollment' }, shape: { data: ENROLLMENT } },
  { route: { method: 'PATCH', path: '/api/payment-product-enrollment/*' }, shape: { data: ENROLLMENT } },
  { route: { method: 'POST', path: '/api/featureflag/evaluation/flag/*' }, shape: FLAG_RESULT },
  {
    route: { method: 'POST', path: '/api/featureflag/evaluation/bulk' },
    shape: { [EVERY_ENTRY]: FLAG_RESULT },
  },
  // Transactions as the contract requires them (contract/transactions.ts, contract/disputes.ts).
  { route: { method: 'GET', path: '/api/transactions' }, shape: requiredShape(TransactionPageSchema) },
  { route: { method: 'GET', path: '/api/transactions/*' }, shape: TRANSACTION },
  {
    route: { method: 'POST', path: '/api/transactions/*/dispute/evidence' },
    shape: requiredShape(EvidenceResponseSchema),
  },
  { route: { method: 'POST', path: '/api/transactions/*/dispute/*' }, shape: TRANSACTION },
  { route: { method: 'POST', path: '/api/transactions/*/*' }, shape: TRANSACTION },
]

function shaped(value: Json, shape: Shape): Json {
  if (shape === true) return value
  if (Array.isArray(value)) return value.map((item) => shaped(item, shape))
  if (!isObject(value)) return value
  const every = Object.hasOwn(shape, EVERY_ENTRY) ? shape[EVERY_ENTRY] : undefined
  const out: { [key: string]: Json } = {}
  for (const [name, inner] of Object.entries(value)) {
    const wanted = every ?? (Object.hasOwn(shape, name) ? shape[name] : undefined)
    if (wanted !== undefined) out[name] = shaped(inner, wanted)
  }
  return out
}

/** Leaves out every field whose value is null, except inside records whose keys are data. */
function withoutNulls(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutNulls)
  if (!isObject(value)) return value
  const out: { [key: string]: Json } = {}
  for (const [name, inner] of Object.entries(value)) {
    if (inner === null) continue
    out[name] = isDataRecord(name, value) ? inner : withoutNulls(inner)
  }
  return out
}

/**
 * An enrollment is its id and the data the portal gave it (spec section 3). This portal puts the
 * product type in that data when it enrolls; the sandbox's records keep the type beside the data, so
 * they are handed out as this portal would have written them.
 */
function typeInData(value: Json): Json {
  if (Array.isArray(value)) return value.map(typeInData)
  if (!isObject(value)) return value
  if (
    'enrollmentID' in value &&
    isObject(value.data ?? null) &&
    typeof value.paymentProductType === 'string'
  ) {
    return { ...value, data: { paymentProductType: value.paymentProductType, ...(value.data as object) } }
  }
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, typeInData(inner)]))
}

function minimalJson(method: string, path: string, status: number, answer: Json): Json {
  const rule = SPEC_SHAPES.find(({ route }) => matchesRoute(route, method, path))
  const cut = rule && status >= 200 && status < 300 ? shaped(typeInData(answer), rule.shape) : answer
  return withoutNulls(cut)
}

/** The request as the platform's routes take it: every alias in its path, query and body resolved. */
async function platformRequest(request: Request, ids: WireIds): Promise<Request> {
  const url = new URL(request.url)
  url.pathname = url.pathname
    .split('/')
    .map((segment) => {
      const decoded = decodedSegment(segment)
      const resolved = ids.fromWire(decoded)
      return resolved === decoded ? segment : encodeURIComponent(resolved)
    })
    .join('/')
  const query = [...url.searchParams].map(([name, value]): [string, string] => [name, ids.fromWire(value)])
  if (query.some(([name, value]) => url.searchParams.get(name) !== value)) {
    url.search = new URLSearchParams(query).toString()
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    return new Request(url, { method: request.method, headers: headerPairs(request.headers) })
  }
  // A file (an evidence upload) goes as it came: ids are in text, and decoding would spoil its bytes.
  const type = request.headers.get('Content-Type') ?? ''
  const body = /^multipart\/form-data/i.test(type)
    ? await request.arrayBuffer()
    : ids.fromWire(await request.text())
  return new Request(url, { method: request.method, headers: headerPairs(request.headers), body })
}

/**
 * The headers of a message whose body is about to change, without its length. As pairs: the route
 * tests run the sandbox under happy-dom, whose Headers cannot be made from the server's.
 */
function headerPairs(headers: Headers): [string, string][] {
  const pairs: [string, string][] = []
  headers.forEach((value, name) => {
    if (name !== 'content-length') pairs.push([name, value])
  })
  return pairs
}

/** The platform's answer as the spec-minimal platform gives it. */
async function wireAnswer(c: Context<ApiEnv>, answer: Response, ids: WireIds): Promise<Response> {
  const type = answer.headers.get('Content-Type') ?? ''
  const isJson = type.includes('application/json')
  if (answer.body === null || !(isJson || type.startsWith('text/'))) return answer
  // Ids appear in files too (a targeting export names its program), so the text is aliased whole.
  const text = ids.toWire(await answer.text())
  const body = isJson
    ? JSON.stringify(minimalJson(c.req.method, c.req.path, answer.status, JSON.parse(text) as Json))
    : text
  return new Response(body, { status: answer.status, headers: headerPairs(answer.headers) })
}

/**
 * While the mode is on, answers a request by handing it, translated, to `platformRoutes` (the platform's
 * routes under /api) and translating their answer back; otherwise lets the request through.
 */
export function specMinimal(
  platform: PlatformSwitch,
  ids: WireIds,
  platformRoutes: Hono<ApiEnv>,
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (platform.mode !== 'spec-minimal') return next()
    const answer = await platformRoutes.fetch(await platformRequest(c.req.raw, ids), c.env)
    const sent = await wireAnswer(c, answer, ids)
    // Through the context, so the headers set on the way in (request id, XSRF cookie, CORS) are kept.
    return c.newResponse(sent.body, sent)
  }
}

/**
 * Portal tokens whose merchant claims (`cid`, `merchantID`) are aliased as the rest of the wire while
 * the mode is on, and resolved again when a token comes back.
 */
export function wirePortalTokens(tokens: PortalTokens, ids: WireIds): PortalTokens {
  return {
    mint: (input) =>
      tokens.mint({ ...input, cid: ids.toWire(input.cid), merchantID: ids.toWire(input.merchantID) }),
    async verify(token) {
      const claims = await tokens.verify(token)
      return (
        claims && {
          ...claims,
          cid: ids.toPlatform(claims.cid),
          merchantID: ids.toPlatform(claims.merchantID),
        }
      )
    },
    revokeAll: () => tokens.revokeAll(),
  }
}
