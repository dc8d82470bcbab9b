// Developer tool: desktop (1280×800) and phone (390×844) screenshots of running portal pages.
//   tsx scripts/screenshots.ts [--base http://localhost:5173] [--as owner@acme.test] [path ...]
// With --as, signs in through the sandbox identity provider first (password `sandbox`). PNGs go to
// test-results/screenshots/<persona->path-desktop.png and …-phone.png. Paths default to /login.
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Browser } from 'playwright-core'
import {
  chromiumPath,
  desktop,
  fillSignIn,
  launchChromium,
  phone,
  type Viewport,
} from '../test/e2e/support/chromium.ts'

const root = path.resolve(import.meta.dirname, '..')
const outDir = path.join(root, 'test-results/screenshots')
const viewports: [name: string, size: Viewport][] = [
  ['desktop', desktop],
  ['phone', phone],
]
const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

const usage = 'usage: tsx scripts/screenshots.ts [--base URL] [--as USERNAME] [path ...]'
function readOptions() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        base: { type: 'string', default: 'http://localhost:5173' },
        as: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    console.error(`${message(error)}\n${usage}`)
    process.exit(2)
  }
}
const options = readOptions()
if (options.values.help) {
  console.log(usage)
  process.exit(0)
}

const base = new URL(options.values.base)
const username = options.values.as
const paths = options.positionals.length > 0 ? options.positionals : ['/login']

function fileName(pathname: string, viewport: string): string {
  const slug =
    pathname
      .replace(/^\/+/, '')
      .replace(/[^a-zA-Z0-9._-]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'root'
  const who = username ? `${username.split('@')[0]}-` : ''
  return path.join(outDir, `${who}${slug}-${viewport}.png`)
}

let browser: Browser
try {
  browser = await launchChromium()
} catch (error) {
  console.error(`Could not start Chromium at ${chromiumPath} (set CHROMIUM_PATH): ${message(error)}`)
  process.exit(1)
}

try {
  await mkdir(outDir, { recursive: true })
  // One page for everything: the session the sign-in creates may live in sessionStorage, which a
  // second page would not share, so the viewport is resized instead.
  const context = await browser.newContext({ viewport: desktop, locale: 'en-US' })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  if (username) {
    await page.goto(new URL('/login', base).href, { waitUntil: 'networkidle' })
    await fillSignIn(page, username, base.origin)
  }
  for (const pathname of paths) {
    await page.goto(new URL(pathname, base).href, { waitUntil: 'networkidle' })
    for (const [name, size] of viewports) {
      await page.setViewportSize(size)
      await page.waitForTimeout(300)
      const file = fileName(pathname, name)
      await page.screenshot({ path: file, fullPage: true })
      console.log(path.relative(root, file))
    }
    await page.setViewportSize(desktop)
  }
} catch (error) {
  console.error(`screenshots failed: ${message(error)}`)
  process.exitCode = 1
} finally {
  await browser.close()
}
