import { describe, expect, it } from 'vitest'
import { admitHtml, installTrustedTypesPolicy } from './trusted-types'

describe('the Trusted Types policy', () => {
  it('admits stylesheet text and refuses markup', () => {
    const css = ':root{--mantine-color-blue-6:#228be6;}[data-mantine-color-scheme="dark"] > .x{color:red}'
    expect(admitHtml(css)).toBe(css)
    expect(admitHtml('<img src=x onerror=alert(1)>')).toBeNull()
    expect(admitHtml('text <script>alert(1)</script>')).toBeNull()
  })

  it('is created as the default policy, where the browser has Trusted Types', () => {
    const created: { name: string; createHTML(input: string): string | null }[] = []
    installTrustedTypesPolicy({
      trustedTypes: { createPolicy: (name, rules) => created.push({ name, ...rules }) },
    })
    expect(created.map((policy) => policy.name)).toEqual(['default'])
    expect(created[0]?.createHTML('<b>')).toBeNull()
    // Without Trusted Types (older browsers, happy-dom) there is nothing to install.
    expect(() => installTrustedTypesPolicy({})).not.toThrow()
  })
})
