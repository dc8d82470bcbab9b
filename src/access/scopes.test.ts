import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { accessLevel, SCOPES } from './scopes'

describe('SCOPES', () => {
  it('holds every scope of the spec and the one the contract adds, each an action letter and a resource', () => {
    const all = Object.values(SCOPES).flatMap((area) => Object.values(area))
    // The spec's 30, and managing access keys, which the contract names (contract/README.md).
    expect(all).toHaveLength(31)
    for (const scope of all) expect(scope).toMatch(/^[rwuc]:[A-Za-z][\w.]*$/)
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
