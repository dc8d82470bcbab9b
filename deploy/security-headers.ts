/**
 * The response headers every page of the portal is served with. The identity provider is the only
 * other origin the app talks to (token and end-session endpoints); the API is same-origin behind a proxy.
 */
export function securityHeaders(identityOrigin: string, apiOrigin?: string): Record<string, string> {
  const connect = ["'self'", identityOrigin, ...(apiOrigin ? [apiOrigin] : [])].join(' ')
  const policy = [
    "default-src 'self'",
    // No inline script anywhere: Vite emits module scripts from files only.
    "script-src 'self'",
    // Mantine writes its CSS variables in a style element and positions popovers with style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    `form-action 'self' ${identityOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
  return {
    'Content-Security-Policy': policy,
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  }
}
