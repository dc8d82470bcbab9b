/**
 * The portal's Trusted Types policy. Its Content-Security-Policy requires Trusted Types for script
 * sinks (`require-trusted-types-for 'script'`) and allows one policy, `default`, created here before
 * anything renders. The only HTML the app writes as a string is the component library's stylesheet
 * text (Mantine puts its CSS variables in a `<style>` through React's dangerouslySetInnerHTML): text
 * without a `<` can make no element, so that is what the policy admits. Markup, and any script or
 * script URL from a string, is refused (and reported).
 */

/** The part of the Trusted Types API this uses (TypeScript's DOM library does not describe it yet). */
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createHTML(input: string): string | null }): unknown
}

declare global {
  interface Window {
    trustedTypes?: TrustedTypesFactory
  }
}

/** Admits text that cannot make an element; anything else is refused. */
export function admitHtml(input: string): string | null {
  return input.includes('<') ? null : input
}

export function installTrustedTypesPolicy(scope: { trustedTypes?: TrustedTypesFactory } = window): void {
  scope.trustedTypes?.createPolicy('default', { createHTML: admitHtml })
}
