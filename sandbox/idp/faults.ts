import type { IncomingMessage, ServerResponse } from 'node:http'
import { FaultRegistry } from '../api/runtime'

/**
 * Faults injected into the identity provider (token, revocation, discovery and end-session endpoints),
 * as a provider in trouble would answer: a status such as 503, a delay (a hung provider), or a cut
 * connection. Registered through the control API under `/idp/…` paths (`/idp/token`, `/idp/**`); the
 * answers carry the CORS headers the provider's own answers would, so a browser sees the status and
 * not a CORS failure.
 */
export class ProviderFaults {
  readonly registry = new FaultRegistry()

  constructor(private readonly allowedOrigins: ReadonlySet<string>) {}

  /**
   * Applies the first matching fault. Resolves to true when the fault answered the request (the caller
   * stops), false when the provider should answer it (no fault, or a delay that has passed).
   */
  async apply(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const fault = this.registry.take(req.method ?? 'GET', `/idp${path}`)
    if (!fault) return false
    // Any other fault with a delay answers after it: a provider slow to fail.
    if (fault.kind !== 'delay' && fault.delayMs !== undefined) {
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs))
    }
    switch (fault.kind) {
      case 'delay':
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 1000))
        // A client that gave up meanwhile is not answered: the provider never acts on its request.
        return req.socket.destroyed || res.destroyed
      case 'drop':
      case 'drop-answer':
        req.socket.destroy()
        return true
      case 'malformed':
        this.#answer(req, res, fault.status ?? 200, '{"access_token": ')
        return true
      case 'status':
        this.#answer(
          req,
          res,
          fault.status ?? 503,
          JSON.stringify(fault.body ?? { error: 'temporarily_unavailable' }),
        )
        return true
    }
  }

  #answer(req: IncomingMessage, res: ServerResponse, status: number, body: string): void {
    const origin = req.headers.origin
    if (origin && this.allowedOrigins.has(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin)
      res.setHeader('Vary', 'Origin')
    }
    res.statusCode = status
    res.setHeader('Content-Type', 'application/json')
    res.end(body)
  }
}
