// Developer tool: desktop (1280×800) and phone (390×844) screenshots of running portal pages.
//   node scripts/screenshots.mjs [--base http://localhost:5173] [--as owner@acme.test] [path ...]
// With --as, signs in through the sandbox identity provider first (password `sandbox`). PNGs go to
// test-results/screenshots/<persona->path-desktop.png and …-phone.png. Paths default to /login.
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = path.join(root, 'test-results/screenshots')
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const viewports = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
]

const usage = 'usage: node scripts/screenshots.mjs [--base URL] [--as USERNAME] [path ...]'
let options
try {
  options = parseArgs({
    allowPositionals: true,
    options: {
      base: { type: 'string', default: 'http://localhost:5173' },
      as: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
} catch (error) {
  console.error(`${error.message}\n${usage}`)
  process.exit(2)
}
if (options.values.help) {
  console.log(usage)
  process.exit(0)
}

const base = new URL(options.values.base)
const username = options.values.as
const paths = options.positionals.length > 0 ? options.positionals : ['/login']

function fileName(pathname, viewport) {
  const slug =
    pathname
      .replace(/^\/+/, '')
      .replace(/[^a-zA-Z0-9._-]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'root'
  const who = username ? `${username.split('@')[0]}-` : ''
  return path.join(outDir, `${who}${slug}-${viewport}.png`)
}

async function signIn(page) {
  await page.goto(new URL('/login', base).href, { waitUntil: 'networkidle' })
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.origin !== base.origin)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill('sandbox')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.origin === base.origin && url.pathname !== '/implicit/callback')
  await page.waitForLoadState('networkidle')
}

let browser
try {
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs })
} catch (error) {
  console.error(`Could not start Chromium at ${chromiumPath} (set CHROMIUM_PATH): ${error.message}`)
  process.exit(1)
}

try {
  await mkdir(outDir, { recursive: true })
  // One page for everything: the session the sign-in creates may live in sessionStorage, which a
  // second page would not share, so the viewport is resized instead.
  const context = await browser.newContext({ viewport: viewports[0][1], locale: 'en-US' })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  if (username) await signIn(page)
  for (const pathname of paths) {
    await page.goto(new URL(pathname, base).href, { waitUntil: 'networkidle' })
    for (const [name, size] of viewports) {
      await page.setViewportSize(size)
      await page.waitForTimeout(300)
      const file = fileName(pathname, name)
      await page.screenshot({ path: file, fullPage: true })
      console.log(path.relative(root, file))
    }
    await page.setViewportSize(viewports[0][1])
  }
} catch (error) {
  console.error(`screenshots failed: ${error.message}`)
  process.exitCode = 1
} finally {
  await browser.close()
}
