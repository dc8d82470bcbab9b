import { MERCHANT_IDS, PASSWORD } from './data/ids'
import { PERSONAS } from './data/personas'
import { DEFAULT_API_PORT, DEFAULT_IDP_PORT, startSandbox } from './index'

function port(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    throw new Error(`${name} must be a port number, got "${raw}"`)
  }
  return value
}

function isAddressInUse(error: unknown): error is Error & { port?: number } {
  return error instanceof Error && 'code' in error && error.code === 'EADDRINUSE'
}

const started = performance.now()
const sandbox = await startSandbox({
  apiPort: port('SANDBOX_API_PORT', DEFAULT_API_PORT),
  idpPort: port('SANDBOX_IDP_PORT', DEFAULT_IDP_PORT),
  portalOrigins: (process.env.SANDBOX_PORTAL_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin.length > 0),
  quiet: process.env.SANDBOX_QUIET === '1',
}).catch((error: unknown) => {
  if (!isAddressInUse(error)) throw error
  console.error(
    `Sandbox cannot start: port ${error.port ?? '?'} is in use (another sandbox running?). ` +
      'Stop it, or choose ports with SANDBOX_API_PORT and SANDBOX_IDP_PORT.',
  )
  process.exit(1)
})
const elapsed = Math.round(performance.now() - started)

const merchantNames = new Map<string, string>([
  [MERCHANT_IDS.acme, 'Acme Outdoor'],
  [MERCHANT_IDS.globex, 'Globex Home'],
  [MERCHANT_IDS.initech, 'Initech Dental'],
  [MERCHANT_IDS.harbor, 'Harbor Home Store'],
])
const width = Math.max(...PERSONAS.map((persona) => persona.username.length))
console.log(`Sandbox started in ${elapsed} ms`)
console.log(`  API:               ${sandbox.apiUrl}`)
console.log(`  Identity provider: ${sandbox.idpUrl}`)
console.log(`  Control API:       ${sandbox.apiUrl}/__sandbox/`)
console.log(`Personas (password "${PASSWORD}"):`)
for (const persona of PERSONAS) {
  const merchant = merchantNames.get(persona.merchantID) ?? 'picks a merchant'
  console.log(`  ${persona.username.padEnd(width)}  ${merchant.padEnd(18)}  ${persona.description}`)
}

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  console.log(`Sandbox stopping (${signal})`)
  await sandbox.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
