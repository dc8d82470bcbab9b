/**
 * The response headers the portal is served with, by nginx (deploy/security-headers*.conf, kept equal
 * to these by deploy/security-headers.test.ts in both directions) and by the dev and preview servers.
 * The identity provider is the only other origin the app talks to (token and end-session endpoints);
 * the API is same-origin behind a proxy.
 */

/** The origin the nginx snippets name for the identity provider; a deployment writes its own in. */
export const SNIPPET_IDENTITY_ORIGIN = 'https://login.example.com'
/**
 * Where browsers send policy violation reports: the platform API, on the portal's own origin (the
 * sandbox records them; the browser suite fails when any arrived).
 */
export const POLICY_REPORTS_PATH = '/api/policy-reports'
/** The Reporting API endpoint name the policies report to. */
const REPORT_GROUP = 'csp'
// report-uri for browsers without the Reporting API (Firefox); report-to where it is.
const REPORTING = [`report-uri ${POLICY_REPORTS_PATH}`, `report-to ${REPORT_GROUP}`]

/** The image origins the nginx snippets name (config.json's `imageOrigins`); a deployment writes its own in. */
export const SNIPPET_IMAGE_ORIGINS: readonly string[] = ['https://images.example.com']

/**
 * What the build writes where each answer's style nonce goes (Vite's `html.cspNonce`: the nonce
 * attributes of index.html and its `<meta property="csp-nonce">`); the server replaces it with the
 * same fresh nonce its policy names (nginx's sub_filter, scripts/security-headers-plugin.ts).
 */
export const NONCE_PLACEHOLDER = 'CSP_NONCE_PLACEHOLDER'
/** The nonce as the nginx snippets name it: nginx's request id, 32 random hex digits per request. */
export const SNIPPET_STYLE_NONCE = '$request_id'
/**
 * The Trusted Types policies the app may create (src/app/trusted-types.ts), by name: there is no
 * `default` policy, so a string reaching any other script or HTML sink is refused.
 */
export const TRUSTED_TYPES_POLICIES: readonly string[] = ['portal-style-text']

export interface SecurityHeaderOptions {
  /**
   * The pages an emailed link opens (`/activate/<token>`, `/password/reset/<token>`): their path holds
   * a one-time credential, so no request from them names it in a Referer.
   */
  linkPage?: boolean
  /** Where merchant logos may load from: config.json's `imageOrigins`. */
  imageOrigins?: readonly string[]
  /**
   * This answer's nonce for style elements (fresh per answer); without one, only the app's own
   * stylesheets apply.
   */
  styleNonce?: string
}

function contentSecurityPolicy(
  identityOrigin: string,
  imageOrigins: readonly string[],
  styleNonce: string | undefined,
): string {
  return [
    "default-src 'self'",
    // No inline script anywhere: Vite emits module scripts from files only.
    "script-src 'self'",
    // Stylesheets from our origin, and the style elements the component library writes (its CSS
    // variables, responsive props, the scroll lock of a dialog) carrying this answer's nonce. No
    // 'unsafe-inline': a style attribute in markup is refused; React sets styles through the CSSOM,
    // which the policy does not govern.
    ["style-src 'self'", ...(styleNonce === undefined ? [] : [`'nonce-${styleNonce}'`])].join(' '),
    ["img-src 'self' data:", ...imageOrigins].join(' '),
    "font-src 'self'",
    `connect-src 'self' ${identityOrigin}`,
    `form-action 'self' ${identityOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    // Trusted Types: script sinks (innerHTML, script src…) take only values a policy made, and the only
    // policies allowed are the app's own, by name (src/app/trusted-types.ts); with no default policy,
    // no string is converted behind the app's back.
    "require-trusted-types-for 'script'",
    `trusted-types ${TRUSTED_TYPES_POLICIES.join(' ')}`,
    ...REPORTING,
  ].join('; ')
}

export function securityHeaders(
  identityOrigin: string,
  options: SecurityHeaderOptions = {},
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(
      identityOrigin,
      options.imageOrigins ?? [],
      options.styleNonce,
    ),
    'Reporting-Endpoints': `${REPORT_GROUP}="${POLICY_REPORTS_PATH}"`,
    'Referrer-Policy': options.linkPage ? 'no-referrer' : 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    // The sign-in runs in this window (a redirect, not a popup), so no other origin needs a handle on it.
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  }
}

/**
 * The dev server's headers: the same policy, report-only, since Vite's dev server injects an inline
 * script and a hot-reload websocket that the policy would block; what the built app would break
 * shows as a console report while developing.
 */
export function developmentHeaders(
  identityOrigin: string,
  options: Pick<SecurityHeaderOptions, 'styleNonce'> = {},
): Record<string, string> {
  const { 'Content-Security-Policy': policy = '', ...others } = securityHeaders(identityOrigin, options)
  return { ...others, 'Content-Security-Policy-Report-Only': policy }
}
