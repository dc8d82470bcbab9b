// Imports nothing: vite.config.ts reads this file (through scripts/dev-config.ts) with Vite's loader.

/** The portal's client id at the sandbox's identity provider, and its application id at its API. */
export const PORTAL_CLIENT_ID = 'merchant-portal'

/**
 * The /config.json that points the portal at this sandbox: what the dev and preview servers answer
 * (scripts/dev-config.ts) and what the browser suites and the bench serve through nginx. The build
 * ships no config.json and the portal has no defaults for these keys, so a deployment that forgets
 * its own stops with the reason instead of signing in against a local sandbox.
 */
export function sandboxPortalConfig(issuer: string) {
  return { env: 'local', issuer, clientId: PORTAL_CLIENT_ID, appID: PORTAL_CLIENT_ID }
}
