import type { IncomingMessage, ServerResponse } from 'node:http'

/* Plain Node request and response helpers for the provider's own pages and oidc-provider's contexts. */

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.statusCode = status
  res.setHeader('Content-Type', 'text/html; charset=utf-8')
  res.end(html)
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export function field(record: object, name: string): string | undefined {
  const value: unknown = Reflect.get(record, name)
  return typeof value === 'string' ? value : undefined
}

function member(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined
}

/** Whether the end-session request carried an id_token_hint that oidc-provider verified. */
export function hasIdTokenHint(ctx: unknown): boolean {
  return member(member(member(ctx, 'oidc'), 'entities'), 'IdTokenHint') !== undefined
}

/** The grant_type of a token-endpoint request, from the context oidc-provider passes its events. */
export function grantTypeOf(ctx: unknown): string {
  const grantType = member(member(member(ctx, 'oidc'), 'params'), 'grant_type')
  return typeof grantType === 'string' ? grantType : 'unknown'
}
