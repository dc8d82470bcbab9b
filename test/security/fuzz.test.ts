import { defaultParseSearch } from '@tanstack/react-router'
import fc from 'fast-check'
import * as v from 'valibot'
import { afterEach, describe, expect, it } from 'vitest'
import { routeTree } from '../../routes.gen'
import { ABILITIES } from '../../src/access/abilities'
import { type AccessFacts, GATES, type ProgramFacts } from '../../src/access/gates'
import { accessLevel, SCOPES } from '../../src/access/scopes'
import { PortalTokenClaimsReader } from '../../src/api/schemas/auth'
import { decodePortalToken } from '../../src/auth/portal-token'
import { HOME_PATH, safeReturnPath } from '../../src/auth/return-path'
import { createStorage, KEY_PREFIX, SESSION_KEYS } from '../../src/storage/storage'
import { type StorageKey, storedValueSchemas } from '../../src/storage/stored-values'

/**
 * Random input at every boundary where the browser hands the portal data it did not write itself:
 * stored values, search params, the portal token and the remembered return path. Each property must hold
 * for every input: nothing throws, what comes out passes its schema, and nothing grants more than the
 * input literally says. fast-check runs each property from a fixed seed and, on a failure, shrinks the input
 * to a small one that still fails and prints it with the seed and path that reproduce it.
 */

const RUNS = 400

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

/** Any UTF-16 code unit, lone surrogates included: what a hostile script can store. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code))

const text = fc.oneof(
  fc.constantFrom(...tricky),
  fc.string({ unit: 'binary-ascii', maxLength: 12 }),
  fc.string({ unit: codeUnit, maxLength: 8 }),
  fc.tuple(fc.constantFrom(...tricky), fc.nat(999)).map(([word, number]) => `${word}${number}`),
)

/** Any JSON-like value, with prototype-polluting keys and an own `__proto__` property among them. */
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 4 },
    fc.constant(null),
    fc.boolean(),
    fc.constantFrom(0, -1, 1, 1.5, Number.MAX_SAFE_INTEGER, -0, 1e21, 20_000, 1_767_225_600_000),
    text,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...tricky, 'token', 'id', 'scp'), tie('value'), { maxKeys: 4 }),
    tie('value').map((inner) => JSON.parse(`{"__proto__": ${JSON.stringify(inner) ?? 'null'}}`) as unknown),
  ),
}))

/** Runs a property a fixed number of times from a fixed seed, so CI runs the same inputs every time. */
function check<T>(arbitrary: fc.Arbitrary<T>, seed: number, predicate: (input: T) => void, numRuns = RUNS) {
  fc.assert(fc.property(arbitrary, predicate), { numRuns, seed })
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
    const store = createStorage({ local: window.localStorage, session: window.sessionStorage }, () => {})
    // What belongs to the tab (alerts, a timed-out tab's page) is kept in sessionStorage, the rest in localStorage.
    const backing = SESSION_KEYS.has(key) ? window.sessionStorage : window.localStorage
    const stored = fc.oneof({ weight: 4, arbitrary: value.map((each) => JSON.stringify(each)) }, text)
    check(stored, key.length * 7919, (raw) => {
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
    })
    expectPrototypeUntouched()
  })

  it('a random program selection never selects a program the merchant does not have', () => {
    const store = createStorage({ local: window.localStorage, session: window.sessionStorage }, () => {})
    const merchant = '3f2b8c1e-5d4a-4b7e-9c2f-1a2b3c4d5e6f'
    const programs = ['p1', 'p2', 'p3']
    const selection = fc.oneof(
      value,
      fc.tuple(fc.constantFrom('p1', 'p9', '__proto__'), text).map((ids): unknown => ids),
    )
    check(selection, 31, (stored) => {
      const raw = JSON.stringify({ [merchant]: stored })
      window.localStorage.setItem(`${KEY_PREFIX}programSelections`, raw)
      const selected = store.getProgramSelection(merchant, programs)
      for (const id of selected) expect(programs, raw).toContain(id)
    })
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
      expect.arrayContaining(['/_authed/_merchant/transactions', '/_authed/_merchant/carts/']),
    )
  })

  it.each(routes.map(([id, schema]) => ({ id, schema })))(
    '$id: any query string validates to params that validate again unchanged',
    ({ id, schema }) => {
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
      const param = fc.tuple(
        fc.constantFrom(...names),
        value.map((raw) => (typeof raw === 'string' ? raw : (JSON.stringify(raw) ?? ''))),
      )
      check(fc.array(param, { maxLength: 5 }), id.length * 104_729, (params) => {
        const search = `?${new URLSearchParams(params).toString()}`
        const result = v.safeParse(schema, defaultParseSearch(search))
        expect(result.success, `${id} ${search}`).toBe(true)
        if (!result.success) return
        const again = v.safeParse(schema, result.output)
        expect(again.success && again.output, `${id} ${search}`).toEqual(result.output)
      })
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
    const token = fc.oneof(
      value,
      text,
      fc
        .tuple(text, value, text)
        .map(
          ([header, payload, signature]) => `${header}.${base64Url(JSON.stringify(payload))}.${signature}`,
        ),
      fc.tuple(fc.constantFrom(...Object.keys(claims)), value).map(([claim, replaced]) => {
        const payload: Record<string, unknown> = { ...claims, [claim]: replaced }
        return `e30.${base64Url(JSON.stringify(payload))}.sig`
      }),
    )
    check(
      token,
      7,
      (token) => {
        let decoded: unknown
        expect(() => {
          decoded = decodePortalToken(token)
        }, show(token)).not.toThrow()
        if (decoded !== null) expect(v.is(PortalTokenClaimsReader, decoded), show(token)).toBe(true)
      },
      RUNS * 5,
    )
    expectPrototypeUntouched()
  })

  it('grants exactly the scopes the token lists, however they are spelled', () => {
    check(fc.array(fc.oneof(fc.constant('r:cart'), text), { maxLength: 3 }), 11, (scp) => {
      const decoded = decodePortalToken(`e30.${base64Url(JSON.stringify({ ...claims, scp }))}.sig`)
      expect(decoded?.scp).toEqual(scp)
      const single = decodePortalToken(
        `e30.${base64Url(JSON.stringify({ ...claims, scp: 'c:vc.issuance' }))}.sig`,
      )
      expect(single).toBeNull()
    })
  })
})

describe('gates and abilities', () => {
  const realScopes = Object.values(SCOPES).flatMap((area) => Object.values(area) as string[])
  const facts = (scopes: Iterable<string>): AccessFacts => ({
    scopes: new Set(scopes),
    brand: 'DEFAULT',
    programs: { ecommerce: true, ecommerceCheckoutSdk: true, instore: true, instoreVirtualCard: true },
    flags: { isLocationPageEnabled: 'true', isMerchantIdValidationPageEnabled: 'true' },
  })

  // Granted by any scope that starts with c:tx, as the spec's access rule reads (sections 6 and 9): a
  // near miss such as `c:tx.cancel.x` is such a scope.
  const byWriteAccess = new Set(['disputeAnswer'])

  it('near-miss scopes (case, spaces, prefixes, wildcards) open nothing that no scope opens', () => {
    const mutations: ((scope: string) => string)[] = [
      (scope) => scope.toUpperCase(),
      (scope) => ` ${scope}`,
      (scope) => `${scope} `,
      (scope) => `${scope}.x`,
      (scope) => scope.slice(0, -1),
      (scope) => scope.replace(':', '::'),
      (scope) => `${scope.split(':')[0]}:*`,
      () => '*',
      (scope) => `x${scope}`,
    ]
    const nearMiss = fc
      .tuple(fc.constantFrom(...realScopes), fc.constantFrom(...mutations))
      .map(([scope, mutate]) => mutate(scope))
    const none = facts([])
    check(fc.array(nearMiss, { minLength: 1, maxLength: 6 }), 13, (mutated) => {
      const near = mutated.filter((scope) => !realScopes.includes(scope))
      const fuzzed = facts(near)
      for (const [name, rule] of [...Object.entries(GATES), ...Object.entries(ABILITIES)]) {
        const expected = byWriteAccess.has(name) ? accessLevel(near) === 'READ/WRITE' : rule.allows(none)
        expect(rule.allows(fuzzed), `${name} with ${near.join(' ')}`).toBe(expected)
      }
      expect(accessLevel(near.filter((scope) => !scope.startsWith('c:tx')))).toBe('READ')
    })
  })

  const anyFacts: fc.Arbitrary<AccessFacts> = fc.record({
    scopes: fc.subarray(realScopes).map((scopes) => new Set(scopes)),
    brand: fc.constantFrom<AccessFacts['brand']>('DEFAULT', 'BANK'),
    programs: fc.record({
      ecommerce: fc.boolean(),
      ecommerceCheckoutSdk: fc.boolean(),
      instore: fc.boolean(),
      instoreVirtualCard: fc.boolean(),
    }),
    flags: fc.record({
      isLocationPageEnabled: fc.constantFrom('true', 'false', 'TRUE', ''),
      isMerchantIdValidationPageEnabled: fc.constantFrom('true', 'false', 'TRUE', ''),
    }),
  })
  // The scopes an ability cannot do without: those whose absence alone, with everything else granted, denies it.
  const needs = Object.entries(ABILITIES).map(([name, rule]) => ({
    name,
    rule,
    scopes: realScopes.filter((missing) => !rule.allows(facts(realScopes.filter((s) => s !== missing)))),
  }))

  it('every ability needs at least one scope, and is never granted without all it needs', () => {
    const withoutWrite = facts(realScopes.filter((scope) => !scope.startsWith('c:tx')))
    for (const { name, rule, scopes } of needs) {
      if (byWriteAccess.has(name)) expect(rule.allows(withoutWrite), name).toBe(false)
      else expect(scopes.length, name).toBeGreaterThan(0)
    }
    check(anyFacts, 19, (fuzzed) => {
      for (const { name, rule, scopes } of needs) {
        if (!rule.allows(fuzzed)) continue
        for (const scope of scopes) expect(fuzzed.scopes.has(scope), `${name} without ${scope}`).toBe(true)
        if (byWriteAccess.has(name))
          expect(accessLevel(fuzzed.scopes), `${name} read-only`).toBe('READ/WRITE')
      }
    })
  })

  it('never takes an ability or a gate away for holding more scopes, programs or flags', () => {
    const more = fc.tuple(anyFacts, fc.subarray(realScopes), fc.boolean())
    check(more, 23, ([fewer, extraScopes, moreOn]) => {
      const programs = Object.fromEntries(
        Object.entries(fewer.programs).map(([name, on]) => [name, on || moreOn]),
      ) as ProgramFacts
      const flags = moreOn
        ? { isLocationPageEnabled: 'true', isMerchantIdValidationPageEnabled: 'true' }
        : fewer.flags
      const richer = { ...fewer, scopes: new Set([...fewer.scopes, ...extraScopes]), programs, flags }
      for (const [name, rule] of [...Object.entries(GATES), ...Object.entries(ABILITIES)])
        if (rule.allows(fewer)) expect(rule.allows(richer), name).toBe(true)
    })
  })
})

describe('remembered return path', () => {
  it('is always a same-origin path, never the sign-in pages', () => {
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
    const raw = fc.oneof(
      { weight: 3, arbitrary: value },
      {
        weight: 7,
        arbitrary: fc.tuple(fc.constantFrom(...prefixes), text).map(([prefix, rest]) => `${prefix}${rest}`),
      },
    )
    check(
      raw,
      17,
      (raw) => {
        let path = ''
        expect(() => {
          path = safeReturnPath(raw, origin)
        }, show(raw)).not.toThrow()
        expect(path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\'), show(raw)).toBe(
          true,
        )
        expect(new URL(path, origin).origin, show(raw)).toBe(origin)
        if (path !== HOME_PATH) expect(path.startsWith('/login'), show(raw)).toBe(false)
      },
      RUNS * 5,
    )
  })
})
