import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { accessLevel, parseScope, SCOPES } from './scopes'

describe('parseScope', () => {
  it.each([
    ['r:cart', { action: 'r', resource: 'cart' }],
    ['u:merchant.internal_settings', { action: 'u', resource: 'merchant.internal_settings' }],
    ['c:tx.refund', { action: 'c', resource: 'tx.refund' }],
  ])('reads %s', (scope, expected) => {
    expect(parseScope(scope)).toEqual(expected)
  })

  it.each(['', 'cart', 'x:cart', 'r:', ':cart', 'r:cart:extra', 'r: cart', 42, null])(
    'rejects %j',
    (value) => {
      expect(parseScope(value)).toBeNull()
    },
  )

  it('parses every scope of the table', () => {
    const all = Object.values(SCOPES).flatMap((area) => Object.values(area))
    expect(all).toHaveLength(30)
    for (const scope of all) expect(parseScope(scope), scope).not.toBeNull()
  })
})

describe('accessLevel', () => {
  it('is READ/WRITE when any scope starts with c:tx', () => {
    expect(accessLevel(['r:cart', 'c:tx.refund'])).toBe('READ/WRITE')
    expect(accessLevel(['c:tx'])).toBe('READ/WRITE')
  })

  it('is READ otherwise, including look-alikes', () => {
    expect(accessLevel([])).toBe('READ')
    expect(accessLevel(['r:tx', 'w:cart', 'c:vc.issuance', 'r:c:tx'])).toBe('READ')
  })
})

describe('where scopes are written', () => {
  it('names every scope in SCOPES only: no other source file spells one out', () => {
    const root = path.resolve(import.meta.dirname, '..')
    const literal = /['"`][rwuc]:[A-Za-z][\w.]*['"`]/
    const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => path.join(root, file) !== path.join(import.meta.dirname, 'scopes.ts'))
      .filter((file) => literal.test(readFileSync(path.join(root, file), 'utf8')))
    expect(offenders).toEqual([])
  })
})
