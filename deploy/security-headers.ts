/**
 * The response headers the portal is served with, by nginx (deploy/security-headers*.conf, kept equal
 * to these by deploy/security-headers.test.ts in both directions) and by the dev and preview servers.
 * The identity provider is the only other origin the app talks to (token and end-session endpoints);
 * the API is same-origin behind a proxy.
 */

/** The origin the nginx snippets name for the identity provider; a deployment writes its own in. */
export const SNIPPET_IDENTITY_ORIGIN = 'https://login.example.com'

export interface SecurityHeaderOptions {
  /**
   * The pages an emailed link opens (`/activate/<token>`, `/password/reset/<token>`): their path holds
   * a one-time credential, so no request from them names it in a Referer.
   */
  linkPage?: boolean
}

function contentSecurityPolicy(identityOrigin: string): string {
  return [
    "default-src 'self'",
    // No inline script anywhere: Vite emits module scripts from files only.
    "script-src 'self'",
    // Mantine writes its CSS variables in a style element and positions popovers with style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${identityOrigin}`,
    `form-action 'self' ${identityOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export function securityHeaders(
  identityOrigin: string,
  options: SecurityHeaderOptions = {},
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(identityOrigin),
    'Referrer-Policy': options.linkPage ? 'no-referrer' : 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    // The sign-in runs in this window (a redirect, not a popup), so no other origin needs a handle on it.
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  }
}
