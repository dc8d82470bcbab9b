// Lighthouse (mobile and desktop presets, simulated throttling) on /login signed out and on
// /transactions signed in, each from a cold cache; and /transactions again on a repeat visit (mobile,
// the HTTP cache warm from a visit just before, as a merchant's second visit of the day finds it). It lives in its own package under bench/, installed on first use with
// `npm ci --prefix bench`, and runs against a Chromium the bench signs in with.
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { chromium } from 'playwright-core'
import { chromiumArgs, chromiumPath } from '../../test/e2e/support/chromium.ts'
import { freePort } from '../nginx-server.ts'
import { signIn } from './measure.ts'
import { OWNER, root } from './options.ts'
import { run } from './stage.ts'
import { median } from './vitals.ts'

/** What the bench reads of Lighthouse's result (lighthouse/types/lhr). */
interface LighthouseResult {
  lhr: {
    finalDisplayedUrl: string
    runWarnings: string[]
    /** Set when the run could not measure the page (no paint, a page error, …): then no score. */
    runtimeError?: { code: string; message: string }
    categories: { performance: { score: number | null } }
    audits: Record<string, { numericValue?: number } | undefined>
  }
  report: string
}

interface LighthouseModule {
  default: (url: string, flags: object, config?: object) => Promise<LighthouseResult | undefined>
  desktopConfig: object
}

export interface LighthouseFigures {
  score: number | null
  fcpMs: number | null
  lcpMs: number | null
  tbtMs: number | null
  cls: number | null
  speedIndexMs: number | null
  finalUrl: string
  warnings: string[]
  /** Every run's score, and the median-scoring run's HTML report. */
  scores?: (number | null)[]
  report?: string
}

const benchDir = path.join(root, 'bench')

async function loadLighthouse(say: (text: string) => void): Promise<LighthouseModule> {
  const entry = path.join(benchDir, 'node_modules/lighthouse/core/index.js')
  if (!existsSync(entry)) {
    say('installing Lighthouse into bench/node_modules (npm ci --prefix bench, once) …')
    const code = await run('npm', ['ci', '--prefix', benchDir, '--no-audit', '--no-fund', '--ignore-scripts'])
    if (code !== 0 || !existsSync(entry)) throw new Error('npm ci --prefix bench failed')
  }
  return import(pathToFileURL(entry).href)
}

function lighthouseFigures({ lhr }: LighthouseResult): LighthouseFigures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? null
  const { score } = lhr.categories.performance
  return {
    score: score === null ? null : Math.round(score * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    speedIndexMs: audit('speed-index'),
    finalUrl: lhr.finalDisplayedUrl,
    warnings: lhr.runWarnings,
  }
}

/**
 * `runs` Lighthouse runs per page and preset; keyed `login.mobile`, `transactions.desktop`, …, and
 * `transactions.mobile-repeat` for the repeat visit.
 */
export async function lighthouseRuns(
  baseURL: string,
  trustArgs: string[],
  runs: number,
  say: (text: string) => void,
): Promise<Record<string, LighthouseFigures>> {
  const { default: lighthouse, desktopConfig } = await loadLighthouse(say)
  const port = await freePort()
  const profile = await mkdtemp(path.join(os.tmpdir(), 'bench-lighthouse-'))
  // Lighthouse opens its tab in the browser's default context, so the bench signs in there
  // (a persistent context is the default one) and Lighthouse connects to the same Chromium.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, ...trustArgs, `--remote-debugging-port=${port}`],
    viewport: null,
    locale: 'en-US',
  })
  try {
    context.setDefaultTimeout(60_000)
    const flags = {
      port,
      hostname: '127.0.0.1',
      output: 'html',
      logLevel: 'error',
      onlyCategories: ['performance'],
    }
    const presets = ['mobile', 'desktop']
    const results: Record<string, LighthouseFigures> = {}
    const reports = path.join(root, 'bench-results')
    await mkdir(reports, { recursive: true })
    // One Lighthouse run varies by several points on a shared machine: each page and preset runs
    // `runs` times; every run's score is listed, and the median-scoring run's HTML report is kept.
    const measure = async (name: string, url: string) => {
      const done: { result: LighthouseResult; figures: LighthouseFigures }[] = []
      // A repeat visit keeps the browser's storage and cache (Lighthouse otherwise empties both), after
      // one unmeasured visit that fills the cache.
      const repeat = name.endsWith('repeat')
      const runFlags = repeat ? { ...flags, disableStorageReset: true } : flags
      if (repeat) await lighthouse(url, runFlags)
      for (let index = 0; index < runs; index++) {
        say(`Lighthouse ${name.replace('.', ' ')} ${index + 1}/${runs} …`)
        const result = await lighthouse(url, runFlags, name.endsWith('desktop') ? desktopConfig : undefined)
        if (!result) throw new Error(`Lighthouse returned no result for ${url}`)
        const landed = result.lhr.finalDisplayedUrl
        if (new URL(landed).pathname !== new URL(url).pathname) {
          throw new Error(`Lighthouse ended on ${landed}, not ${url}: the session was lost`)
        }
        const failure = result.lhr.runtimeError
        if (failure)
          say(
            `Lighthouse ${name.replace('.', ' ')} ${index + 1}/${runs} has no score: ${failure.code}: ${failure.message}`,
          )
        done.push({ result, figures: lighthouseFigures(result) })
      }
      done.sort((a, b) => (a.figures.score ?? -1) - (b.figures.score ?? -1))
      const chosen = done[Math.floor((done.length - 1) / 2)]
      if (!chosen) return
      const file = path.join(reports, `lighthouse-${name}.html`)
      await writeFile(file, chosen.result.report)
      // Each metric is the median of its own values over the runs (as Lighthouse's documentation
      // advises), not one run's, which can be the median score's and still an outlier of LCP or TBT.
      const each = (key: 'fcpMs' | 'lcpMs' | 'tbtMs' | 'cls' | 'speedIndexMs') =>
        median(done.map((one) => one.figures[key]))
      results[name] = {
        ...chosen.figures,
        fcpMs: each('fcpMs'),
        lcpMs: each('lcpMs'),
        tbtMs: each('tbtMs'),
        cls: each('cls'),
        speedIndexMs: each('speedIndexMs'),
        scores: done.map((one) => one.figures.score),
        report: path.relative(root, file),
      }
    }
    // Signed out first (the sign-in page), then signed in. Lighthouse's storage reset empties the
    // HTTP cache and service workers but keeps localStorage, where the session lives.
    for (const preset of presets) await measure(`login.${preset}`, `${baseURL}/login`)
    const page = context.pages()[0] ?? (await context.newPage())
    await signIn(page, baseURL, OWNER)
    await page.goto('about:blank')
    for (const preset of presets) await measure(`transactions.${preset}`, `${baseURL}/transactions`)
    await measure('transactions.mobile-repeat', `${baseURL}/transactions`)
    return results
  } finally {
    await context.close().catch(() => {})
    await rm(profile, { recursive: true, force: true })
  }
}
