/**
 * The portal's Trusted Types policy. Its Content-Security-Policy requires Trusted Types for script
 * sinks (`require-trusted-types-for 'script'`) and allows only the policies it names
 * (deploy/security-headers.ts), and no `default` one: a string that reaches innerHTML, a script's
 * src or any other sink is refused (and reported) unless the app passed it through a policy on purpose.
 *
 * The only HTML the app writes as a string is the component library's stylesheet text: Mantine puts
 * its CSS variables and responsive styles in `<style>` elements through React's
 * dangerouslySetInnerHTML, which assigns a plain string to the element's innerHTML. The policy
 * `portal-style-text` turns exactly that into trusted HTML: the innerHTML of `<style>` elements, and
 * only text without a `<`. A style element's content is raw text to the HTML parser anyway, so this
 * admits no element; every other element's innerHTML stays guarded.
 */

/** The name the policy allows (TRUSTED_TYPES_POLICIES in deploy/security-headers.ts). */
export const STYLE_TEXT_POLICY = 'portal-style-text'

/** The part of the Trusted Types API this uses (TypeScript's DOM library does not describe it yet). */
interface TrustedTypePolicy {
  createHTML(input: string): unknown
}

interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createHTML(input: string): string }): TrustedTypePolicy
}

declare global {
  interface Window {
    trustedTypes?: TrustedTypesFactory
  }
}

/** Admits stylesheet text; anything that could be markup is refused. */
export function styleText(input: string): string {
  if (input.includes('<')) throw new TypeError('Not stylesheet text')
  return input
}

/** Where the policy is installed: a window, or a stand-in for one in tests. */
export interface TrustedTypesScope {
  trustedTypes?: TrustedTypesFactory
  Element: { prototype: object }
  HTMLStyleElement: { prototype: object }
}

export function installTrustedTypesPolicy(scope: TrustedTypesScope = window): void {
  const factory = scope.trustedTypes
  // Without Trusted Types (older browsers, happy-dom) sinks take strings anyway.
  if (!factory) return
  const policy = factory.createPolicy(STYLE_TEXT_POLICY, { createHTML: styleText })
  const { get, set } = Object.getOwnPropertyDescriptor(scope.Element.prototype, 'innerHTML') ?? {}
  if (!get || !set) return
  // The style element's own innerHTML: the same as every element's, except that a string is passed
  // through the policy first.
  Object.defineProperty(scope.HTMLStyleElement.prototype, 'innerHTML', {
    configurable: true,
    get() {
      return get.call(this)
    },
    set(value: unknown) {
      set.call(this, typeof value === 'string' ? policy.createHTML(value) : value)
    },
  })
}
