// npm start / npm run preview: the sandbox platform and the portal as one process tree.
//   node scripts/start.mjs dev       sandbox + Vite dev server on http://localhost:5173
//   node scripts/start.mjs preview   sandbox + `vite preview` of dist/ on http://localhost:4173
// Ctrl-C or SIGTERM stops both; if either dies on its own, the other is stopped and the exit code is
// non-zero.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const mode = process.argv[2] ?? 'dev'
if (mode !== 'dev' && mode !== 'preview') {
  console.error('usage: node scripts/start.mjs dev|preview')
  process.exit(2)
}

const apiPort = Number(process.env.SANDBOX_API_PORT ?? 4010)
const idpPort = Number(process.env.SANDBOX_IDP_PORT ?? 4011)
const webPort = mode === 'dev' ? 5173 : 4173
const apiUrl = `http://localhost:${apiPort}`
const idpUrl = `http://localhost:${idpPort}`
const portalUrl = `http://localhost:${webPort}`
const READY_TIMEOUT_MS = 90_000
const KILL_AFTER_MS = 5_000

const useColor = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR
const paint = (code, text) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : text)
const bold = (text) => paint('1', text)
const say = (text) => process.stdout.write(`${paint('2', '[start]')}   ${text}\n`)
const fail = (text) => process.stderr.write(`${paint('31', '[start]')}   ${text}\n`)

const personas = [
  ['owner@acme.test', 'Acme Outdoor', 'everything a merchant can do: settings, users, carts, refunds'],
  ['viewer@acme.test', 'Acme Outdoor', 'read-only: transactions, carts and locations; no settings or users'],
  [
    'ops@provider.test',
    'picks any merchant',
    'provider staff: every scope, internal settings, virtual cards',
  ],
  ['clinic@initech.test', 'Initech Dental', 'like owner, but in-store only, so no carts'],
  ['manager@harbor.test', 'Harbor Home Store', 'like owner, on the bank brand'],
]

function portInUse(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: 'localhost' })
    socket.setTimeout(1_000)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('timeout', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', () => resolve(false))
  })
}

if (mode === 'preview' && !existsSync(path.join(root, 'dist/index.html'))) {
  fail('dist/ is not built: run `npm run preview` (it builds first) or `npm run build`')
  process.exit(1)
}

const busy = []
for (const port of [apiPort, idpPort, webPort]) if (await portInUse(port)) busy.push(port)
if (busy.length > 0) {
  fail(`port ${busy.join(', ')} already in use: is another \`npm start\` or \`npm run preview\` running?`)
  process.exit(1)
}

const children = []
let stopping = false
let exitCode = 0

function childEnv(extra) {
  const env = { ...process.env, ...extra }
  // The children write into pipes; keep their colours when ours go to a terminal.
  if (useColor && env.FORCE_COLOR === undefined) env.FORCE_COLOR = '1'
  return env
}

function start(name, colour, args, env) {
  // Own process group, so Ctrl-C reaches only this script, which stops the children in order and
  // can tell a requested stop from a crash; killing the group also reaches tsx's inner node process.
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const prefix = paint(colour, `[${name}]`.padEnd(9))
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    process.stdout.write(`${prefix} ${line}\n`)
  })
  readline.createInterface({ input: child.stderr }).on('line', (line) => {
    process.stderr.write(`${prefix} ${line}\n`)
  })
  child.on('error', (error) => {
    fail(`could not start ${name}: ${error.message}`)
    stop(1)
  })
  // 'exit' notices a death at once; 'close' waits until every process of the group has let go of
  // the pipes (tsx runs the sandbox in an inner node process that can outlive it).
  child.on('exit', (code, signal) => {
    if (!stopping) {
      fail(`${name} exited unexpectedly (${signal ? `signal ${signal}` : `code ${code}`}); stopping`)
      stop(code || 1)
    }
  })
  child.on('close', () => {
    child.closed = true
    exitWhenAllClosed()
  })
  children.push(child)
  return child
}

function exitWhenAllClosed() {
  if (stopping && children.every((each) => each.closed)) process.exit(exitCode)
}

function signal(child, name) {
  if (child.closed || child.pid === undefined) return
  try {
    process.kill(-child.pid, name)
  } catch {
    // The whole group is gone already.
  }
}

function stop(code) {
  if (stopping) return
  stopping = true
  exitCode = code
  for (const child of children) signal(child, 'SIGTERM')
  setTimeout(() => {
    for (const child of children) signal(child, 'SIGKILL')
  }, KILL_AFTER_MS).unref()
  exitWhenAllClosed()
}

for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(name, () => {
    if (stopping) {
      // A second Ctrl-C: do not wait for a graceful shutdown.
      for (const child of children) signal(child, 'SIGKILL')
      return
    }
    process.stdout.write('\n')
    say('stopping…')
    stop(0)
  })
}
// Last resort if this script itself crashes: never leave a sandbox holding the ports.
process.on('exit', () => {
  for (const child of children) signal(child, 'SIGKILL')
})

// The API logs every request, so it is probed with a bare TCP connection to keep the log clean; the
// identity provider and the web server must answer HTTP.
async function answers(target) {
  if (typeof target === 'number') return portInUse(target)
  try {
    await fetch(target, { signal: AbortSignal.timeout(2_000), redirect: 'manual' })
    return true
  } catch {
    return false
  }
}

const describe = (target) => (typeof target === 'number' ? `port ${target}` : target)

async function waitUntilAnswering(targets) {
  const deadline = Date.now() + READY_TIMEOUT_MS
  const pending = new Set(targets)
  while (pending.size > 0) {
    if (stopping) return false
    if (Date.now() > deadline) {
      fail(
        `no answer after ${READY_TIMEOUT_MS / 1000} s from ${[...pending].map(describe).join(', ')}; stopping`,
      )
      stop(1)
      return false
    }
    for (const target of pending) if (await answers(target)) pending.delete(target)
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 300))
  }
  return true
}

function banner() {
  const width = Math.max(...personas.map(([username]) => username.length))
  const merchantWidth = Math.max(...personas.map(([, merchant]) => merchant.length))
  const rows = personas.map(
    ([username, merchant, can]) =>
      `    ${bold(username.padEnd(width))}  ${merchant.padEnd(merchantWidth)}  ${can}`,
  )
  const heading = `    ${'username'.padEnd(width)}  ${'merchant'.padEnd(merchantWidth)}  can`
  return [
    '',
    `  ${bold('Merchant portal')} (${mode}) is ready: ${paint('1;36', portalUrl)}`,
    `  sandbox API ${apiUrl} · identity provider ${idpUrl}`,
    '',
    `  Sign in as any of these personas with the password ${bold('sandbox')}:`,
    paint('2', heading),
    ...rows,
    '',
    '  Ctrl-C stops everything.',
    '',
  ].join('\n')
}

const started = performance.now()
say(`starting the sandbox and the ${mode === 'dev' ? 'Vite dev server' : 'preview of dist/'}…`)

start('sandbox', '36', [path.join(root, 'node_modules/.bin/tsx'), 'sandbox/main.ts'], {
  SANDBOX_API_PORT: String(apiPort),
  SANDBOX_IDP_PORT: String(idpPort),
})
start('web', '35', [path.join(root, 'node_modules/.bin/vite'), ...(mode === 'dev' ? [] : ['preview'])], {
  SANDBOX_API_URL: apiUrl,
})

if (await waitUntilAnswering([apiPort, `${idpUrl}/.well-known/openid-configuration`, `${portalUrl}/`])) {
  say(`ready in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  process.stdout.write(`${banner()}\n`)
}
