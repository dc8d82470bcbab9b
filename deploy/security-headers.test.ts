// @vitest-environment node
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { securityHeaders } from './security-headers'

describe('security headers', () => {
  const headers = securityHeaders('https://login.example.com')
  const policy = headers['Content-Security-Policy'] ?? ''

  it('allow no inline script, plugins, base rewriting or framing', () => {
    expect(policy).toContain("script-src 'self'")
    expect(policy).not.toMatch(/script-src[^;]*unsafe/)
    expect(policy).toContain("object-src 'none'")
    expect(policy).toContain("base-uri 'none'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("connect-src 'self' https://login.example.com")
  })

  it('are the ones the production nginx snippet sends', async () => {
    const snippet = await readFile(path.join(import.meta.dirname, 'security-headers.conf'), 'utf8')
    for (const [name, value] of Object.entries(headers)) {
      expect(snippet, name).toContain(`add_header ${name} "${value}" always;`)
    }
  })
})
