import { defaultParseSearch } from '@tanstack/react-router'
import * as v from 'valibot'
import { afterEach, describe, expect, it } from 'vitest'
import { routeTree } from '../../routes.gen'
import { type AccessFacts, GATES } from '../../src/access/gates'
import { accessLevel, SCOPES } from '../../src/access/scopes'
import { PortalTokenClaimsSchema } from '../../src/api/schemas/auth'
import { decodePortalToken } from '../../src/auth/portal-token'
import { HOME_PATH, safeReturnPath } from '../../src/auth/return-path'
import { createStorage, KEY_PREFIX, SESSION_KEYS } from '../../src/storage/storage'
import { type StorageKey, storedValueSchemas } from '../../src/storage/stored-values'

/**
 * Random input at every boundary where the browser hands the portal data it did not write itself:
 * stored values, search params, the portal token and the remembered return path. Each property must hold
 * for every input: nothing throws, what comes out passes its schema, and nothing grants more than the
 * input literally says. The generator is seeded, so a failure names an input that reproduces.
 */

const RUNS = 400

function generator(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (max: number) => Math.floor(next() * max)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T

  const tricky = [
    '',
    ' ',
    '__proto__',
    'constructor',
    'prototype',
    'null',
    'true',
    '0',
    '-1',
    '1e309',
    'NaN',
    '00000000-0000-0000-0000-000000000000',
    '3f2b8c1e-5d4a-4b7e-9c2f-1a2b3c4d5e6f',
    '<script>alert(1)</script>',
    'javascript:alert(1)',
    '//evil.test',
    '/\\evil.test',
    '%2F%2Fevil.test',
    '\u0000',
    '\ud800',
    '😀',
    'c:vc.issuance',
    'C:VC.ISSUANCE',
    'c:tx',
    '=HYPERLINK("x")',
    'a'.repeat(5000),
  ]

  function string(): string {
    switch (int(4)) {
      case 0:
        return pick(tricky)
      case 1:
        return Array.from({ length: int(12) }, () => String.fromCharCode(int(0x80))).join('')
      case 2:
        return Array.from({ length: int(8) }, () => String.fromCharCode(int(0xffff))).join('')
      default:
        return `${pick(tricky)}${int(1000)}`
    }
  }

  function value(depth = 0): unknown {
    const kind = depth > 3 ? int(5) : int(8)
    switch (kind) {
      case 0:
        return null
      case 1:
        return next() < 0.5
      case 2:
        return pick([0, -1, 1, 1.5, Number.MAX_SAFE_INTEGER, -0, 1e21, 20_000, 1_767_225_600_000])
      case 3:
      case 4:
        return string()
      case 5:
        return Array.from({ length: int(4) }, () => value(depth + 1))
      default: {
        const object: Record<string, unknown> = {}
        for (let index = int(5); index > 0; index--)
          object[pick(tricky.concat(['token', 'id', 'scp']))] = value(depth + 1)
        if (next() < 0.2) return JSON.parse(`{"__proto__": ${JSON.stringify(value(depth + 1)) ?? 'null'}}`)
        return object
      }
    }
  }

  return { next, int, pick, string, value }
}

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** Names an input in a failure message (some inputs have no prototype, so no String()). */
function show(input: unknown): string {
  return typeof input === 'string' ? input : (JSON.stringify(input) ?? typeof input)
}

function expectPrototypeUntouched() {
  const probe: Record<string, unknown> = {}
  expect(probe.isAdmin).toBeUndefined()
  expect(Object.keys(Object.prototype)).toEqual([])
}

afterEach(() => {
  window.localStorage.clear()
  window.sessionStorage.clear()
})

describe('stored values', () => {
  const keys = Object.keys(storedValueSchemas) as StorageKey[]

  it.each(keys)('%s: any stored text reads back as absent or as a value passing its schema', (key) => {
    const random = generator(key.length * 7919)
    const logged: unknown[] = []
    const store = createStorage({ local: window.localStorage, session: window.sessionStorage }, (...entry) =>
      logged.push(entry),
    )
    // Alerts and a timed-out tab's page belong to the tab (sessionStorage); the rest is in localStorage.
    const backing = SESSION_KEYS.has(key) ? window.sessionStorage : window.localStorage
    for (let run = 0; run < RUNS; run++) {
      const raw = random.next() < 0.8 ? JSON.stringify(random.value()) : random.string()
      backing.setItem(`${KEY_PREFIX}${key}`, raw)
      let read: unknown
      expect(() => {
        read = store.get(key)
      }, raw).not.toThrow()
      if (read !== undefined) expect(v.is(storedValueSchemas[key], read), raw).toBe(true)
      else
        expect(
          window.localStorage.getItem(`${KEY_PREFIX}${key}`) ??
            window.sessionStorage.getItem(`${KEY_PREFIX}${key}`),
          'an invalid value is removed',
        ).toBeNull()
    }
    expectPrototypeUntouched()
  })

  it('a random program selection never selects a program the merchant does not have', () => {
    const random = generator(31)
    const store = createStorage({ local: window.localStorage, session: window.sessionStorage }, () => {})
    const merchant = '3f2b8c1e-5d4a-4b7e-9c2f-1a2b3c4d5e6f'
    const programs = ['p1', 'p2', 'p3']
    for (let run = 0; run < RUNS; run++) {
      const raw = JSON.stringify(
        random.next() < 0.5
          ? { [merchant]: random.value() }
          : { [merchant]: [random.pick(['p1', 'p9', '__proto__']), random.string()] },
      )
      window.localStorage.setItem(`${KEY_PREFIX}programSelections`, raw)
      const selected = store.getProgramSelection(merchant, programs)
      for (const id of selected) expect(programs, raw).toContain(id)
    }
  })
})

describe('search params', () => {
  interface RouteLike {
    options?: { id?: string; path?: string; validateSearch?: unknown }
    children?: Record<string, RouteLike> | RouteLike[]
  }

  function routesWithSearch(route: RouteLike, parent = '', found: [string, v.GenericSchema][] = []) {
    const id = `${parent}${route.options?.id ?? route.options?.path ?? ''}`.replace(/\/{2,}/g, '/')
    const schema = route.options?.validateSearch
    if (schema && typeof schema === 'object' && '~standard' in schema)
      found.push([id, schema as v.GenericSchema])
    for (const child of Object.values(route.children ?? {})) routesWithSearch(child, `${id}/`, found)
    return found
  }

  const routes = routesWithSearch(routeTree as RouteLike)

  it('covers every route that reads its search params', () => {
    expect(routes.map(([id]) => id)).toEqual(
      expect.arrayContaining(['/_authed/transactions', '/_authed/carts/']),
    )
  })

  it.each(routes.map(([id, schema]) => ({ id, schema })))(
    '$id: any query string validates to params that validate again unchanged',
    ({ id, schema }) => {
      const random = generator(id.length * 104_729)
      const names = [
        'search',
        'searchType',
        'page',
        'pageSize',
        'sort',
        'status',
        'from',
        'to',
        'startDate',
      ].concat([
        'endDate',
        'programs',
        'tx',
        'isDeepLink',
        'edit',
        'interval',
        'tab',
        '__proto__',
        'constructor',
      ])
      for (let run = 0; run < RUNS; run++) {
        const query = new URLSearchParams()
        for (let index = random.int(6); index > 0; index--) {
          const raw = random.value()
          query.append(random.pick(names), typeof raw === 'string' ? raw : JSON.stringify(raw))
        }
        const text = `?${query.toString()}`
        const parsed = defaultParseSearch(text)
        const result = v.safeParse(schema, parsed)
        expect(result.success, `${id} ${text}`).toBe(true)
        if (!result.success) continue
        const again = v.safeParse(schema, result.output)
        expect(again.success && again.output, `${id} ${text}`).toEqual(result.output)
      }
      expectPrototypeUntouched()
    },
  )
})

describe('portal token decoder', () => {
  const claims = {
    scp: ['r:cart'],
    cid: '3f2b8c1e-5d4a-4b7e-9c2f-1a2b3c4d5e6f',
    tenantID: '7a1c9e2d-4b3f-4e8a-8d6c-0f1e2d3c4b5a',
    sub: 'viewer@acme.test',
    uid: 'u1',
    merchantID: '3f2b8c1e-5d4a-4b7e-9c2f-1a2b3c4d5e6f',
    iat: 1,
    exp: 2,
  }

  it('never throws and returns null or claims passing the schema, for random text and random payloads', () => {
    const random = generator(7)
    for (let run = 0; run < RUNS * 5; run++) {
      let token: unknown
      switch (random.int(4)) {
        case 0:
          token = random.value()
          break
        case 1:
          token = random.string()
          break
        case 2:
          token = `${random.string()}.${base64Url(JSON.stringify(random.value()))}.${random.string()}`
          break
        default: {
          const payload: Record<string, unknown> = { ...claims }
          payload[random.pick(Object.keys(claims))] = random.value()
          token = `e30.${base64Url(JSON.stringify(payload))}.sig`
        }
      }
      let decoded: unknown
      expect(() => {
        decoded = decodePortalToken(token)
      }, show(token)).not.toThrow()
      if (decoded !== null) expect(v.is(PortalTokenClaimsSchema, decoded), show(token)).toBe(true)
    }
    expectPrototypeUntouched()
  })

  it('grants exactly the scopes the token lists, however they are spelled', () => {
    const random = generator(11)
    for (let run = 0; run < RUNS; run++) {
      const scp = Array.from({ length: random.int(4) }, () => random.pick(['r:cart', random.string()]))
      const decoded = decodePortalToken(`e30.${base64Url(JSON.stringify({ ...claims, scp }))}.sig`)
      expect(decoded?.scp).toEqual(scp)
      const single = decodePortalToken(
        `e30.${base64Url(JSON.stringify({ ...claims, scp: 'c:vc.issuance' }))}.sig`,
      )
      expect(single).toBeNull()
    }
  })
})

describe('gates', () => {
  const realScopes = Object.values(SCOPES).flatMap((area) => Object.values(area) as string[])
  const facts = (scopes: Iterable<string>): AccessFacts => ({
    scopes: new Set(scopes),
    brand: 'DEFAULT',
    programs: { ecommerce: true, ecommerceCheckoutSdk: true, instore: true, instoreVirtualCard: true },
    flags: { isLocationPageEnabled: 'true', isMerchantIdValidationPageEnabled: 'true' },
  })

  it('near-miss scopes (case, spaces, prefixes, wildcards) open nothing that no scope opens', () => {
    const random = generator(13)
    const mutate = (scope: string) =>
      random.pick([
        scope.toUpperCase(),
        ` ${scope}`,
        `${scope} `,
        `${scope}.x`,
        scope.slice(0, -1),
        scope.replace(':', '::'),
        `${scope.split(':')[0]}:*`,
        '*',
        `x${scope}`,
      ])
    const none = facts([])
    for (let run = 0; run < RUNS; run++) {
      const near = Array.from({ length: 1 + random.int(6) }, () => mutate(random.pick(realScopes))).filter(
        (scope) => !realScopes.includes(scope),
      )
      const fuzzed = facts(near)
      for (const [name, gate] of Object.entries(GATES))
        expect(gate.allows(fuzzed), `${name} with ${near.join(' ')}`).toBe(gate.allows(none))
      expect(accessLevel(near.filter((scope) => !scope.startsWith('c:tx')))).toBe('READ')
    }
  })
})

describe('remembered return path', () => {
  it('is always a same-origin path, never the sign-in pages', () => {
    const random = generator(17)
    const origin = 'http://localhost:5173'
    const prefixes = [
      '',
      '/',
      '//',
      '/\\',
      'http://evil.test',
      '%2f',
      '/%2F',
      'javascript:',
      '/transactions?x=',
    ]
    for (let run = 0; run < RUNS * 5; run++) {
      const raw = random.next() < 0.3 ? random.value() : `${random.pick(prefixes)}${random.string()}`
      let path = ''
      expect(() => {
        path = safeReturnPath(raw, origin)
      }, show(raw)).not.toThrow()
      expect(path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\'), show(raw)).toBe(true)
      expect(new URL(path, origin).origin, show(raw)).toBe(origin)
      if (path !== HOME_PATH) expect(path.startsWith('/login'), show(raw)).toBe(false)
    }
  })
})
