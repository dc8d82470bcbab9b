import { describe, expect, it } from 'vitest'
import { HOME_PATH, safeReturnPath } from './return-path'

const origin = 'https://portal.example.test'

describe('safeReturnPath', () => {
  it.each([
    '/transactions',
    '/carts/abc-123',
    '/transactions?isDeepLink=true&search=TX-1&merchantID=8b3a&date=2026-03-01',
    '/transactions?search=a%20b#top',
    '/data-insights?range=%2Flast-7',
  ])('keeps the same-origin path %s', (path) => {
    expect(safeReturnPath(path, origin)).toBe(path)
  })

  it.each([
    ['protocol-relative', '//evil.test'],
    ['protocol-relative with path', '//evil.test/transactions'],
    ['backslash', '/\\evil.test'],
    ['backslash twice', '/\\/evil.test'],
    ['absolute https', 'https://evil.test/transactions'],
    ['absolute same-looking', 'https://portal.example.test.evil.test/'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['encoded slashes', '/%2F%2Fevil.test'],
    ['encoded backslash', '/%5Cevil.test'],
    ['double-encoded slashes', '/%252F%252Fevil.test'],
    ['encoded scheme', '%2F%2Fevil.test'],
    ['tab trick', '/\t/evil.test'],
    ['newline', '/\n/evil.test'],
    ['relative without slash', 'transactions'],
    ['empty', ''],
    ['not a string', 42],
    ['undefined', undefined],
    ['bad encoding', '/%E0%A4%A'],
    ['back to login', '/login'],
    ['back to the callback', '/implicit/callback?code=x&state=y'],
    // Each resolves to //evil.test once its dot segments are taken out.
    ['a dot-dot segment', '/a/..//evil.test'],
    ['an encoded dot-dot segment', '/a/%2e%2e//evil.test'],
    ['a dot segment', '/.//evil.test'],
  ])('falls back for %s', (_name, value) => {
    expect(safeReturnPath(value, origin)).toBe(HOME_PATH)
  })

  it('keeps a scheme-looking segment on this origin, where it is only a path', () => {
    expect(safeReturnPath('/javascript:alert(1)', origin)).toBe('/javascript:alert(1)')
  })
})
