import { describe, expect, it } from 'vitest'
import { SNIPPET_IDENTITY_ORIGIN, securityHeaders } from '../../deploy/security-headers'
import { installTrustedTypesPolicy, STYLE_TEXT_POLICY, styleText } from './trusted-types'

/** What a browser's policy gives back: a wrapper, not the string. */
class TrustedHtml {
  constructor(readonly text: string) {}
}

/** An element whose innerHTML setter records what it was given, as a browser's sink sees it. */
function fakeWindow() {
  class FakeElement {
    received: unknown
    get innerHTML(): string {
      return this.received instanceof TrustedHtml ? this.received.text : String(this.received ?? '')
    }
    set innerHTML(value: unknown) {
      this.received = value
    }
  }
  class FakeStyleElement extends FakeElement {}
  class FakeDivElement extends FakeElement {}
  const created: string[] = []
  return {
    created,
    FakeStyleElement,
    FakeDivElement,
    scope: {
      Element: FakeElement,
      HTMLStyleElement: FakeStyleElement,
      trustedTypes: {
        createPolicy(name: string, rules: { createHTML(input: string): string }) {
          created.push(name)
          return { createHTML: (input: string) => new TrustedHtml(rules.createHTML(input)) }
        },
      },
    },
  }
}

describe('the Trusted Types policy', () => {
  it('admits stylesheet text and refuses markup', () => {
    const css = ':root{--mantine-color-blue-6:#228be6;}[data-mantine-color-scheme="dark"] > .x{color:red}'
    expect(styleText(css)).toBe(css)
    expect(() => styleText('<img src=x onerror=alert(1)>')).toThrow(TypeError)
    expect(() => styleText('text </style><script>alert(1)</script>')).toThrow(TypeError)
  })

  it('is one named policy, the one the Content-Security-Policy allows, and no default policy', () => {
    const { created, scope } = fakeWindow()
    installTrustedTypesPolicy(scope)
    expect(created).toEqual([STYLE_TEXT_POLICY])
    const policy = securityHeaders(SNIPPET_IDENTITY_ORIGIN)['Content-Security-Policy']
    expect(policy).toContain(`trusted-types ${STYLE_TEXT_POLICY};`)
  })

  it('passes only a style element’s innerHTML through it; other elements’ stay guarded', () => {
    const { scope, FakeStyleElement, FakeDivElement } = fakeWindow()
    installTrustedTypesPolicy(scope)
    const style = new FakeStyleElement()
    style.innerHTML = ':root{--x:1px}'
    expect(style.received).toEqual(new TrustedHtml(':root{--x:1px}'))
    expect(style.innerHTML).toBe(':root{--x:1px}')
    expect(() => {
      style.innerHTML = '<b>markup</b>'
    }).toThrow(TypeError)
    // Anything else reaches the browser's sink as the string it is, which the policy then refuses.
    const div = new FakeDivElement()
    div.innerHTML = ':root{--x:1px}'
    expect(div.received).toBe(':root{--x:1px}')
  })

  it('installs nothing where the browser has no Trusted Types', () => {
    const { scope, FakeStyleElement } = fakeWindow()
    installTrustedTypesPolicy({ ...scope, trustedTypes: undefined })
    const style = new FakeStyleElement()
    style.innerHTML = 'x'
    expect(style.received).toBe('x')
  })
})
