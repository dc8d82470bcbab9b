// The bench's command line, the personas it signs in as, the conditions it measures under and the
// budgets it holds the figures to.
import path from 'node:path'
import { parseArgs } from 'node:util'

export const root = path.resolve(import.meta.dirname, '../..')

export const usage = `usage: npm run bench -- [--out-dir <dir>] [--skip-build] [--runs <n>] [--no-lighthouse] [--lighthouse-runs <n>] [--json <file>]

  --out-dir <dir>        build into (and serve) <dir> instead of dist/ (also BENCH_DIST_DIR)
  --skip-build           measure the build already in the out dir (also BENCH_SKIP_BUILD=1)
  --runs <n>             page loads per median (default 5; a warm-up load comes first and is not counted)
  --no-lighthouse        leave out the Lighthouse runs (their budgets then show as not measured)
  --lighthouse-runs <n>  Lighthouse runs per page and preset; medians are reported (default 5)
  --json <file>          where the results go (default bench-results.json)`

export interface BenchOptions {
  /** Absolute path of the build the bench measures. */
  outDir: string
  skipBuild: boolean
  runs: number
  lighthouse: boolean
  lighthouseRuns: number
  /** Absolute path of the results file. */
  json: string
}

/** Thrown for a command line the bench cannot run with; the message says what is wrong. */
export class UsageError extends Error {}

function wholeNumber(name: string, text: string): number {
  const value = Number(text)
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`--${name} takes a whole number ≥ 1`)
  return value
}

export function readOptions(args: string[], env: NodeJS.ProcessEnv = process.env): BenchOptions {
  let values: ReturnType<typeof parse>['values']
  try {
    values = parse(args).values
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  return {
    outDir: path.resolve(root, values['out-dir'] ?? (env.BENCH_DIST_DIR || 'dist')),
    skipBuild: values['skip-build'] || env.BENCH_SKIP_BUILD === '1',
    runs: wholeNumber('runs', values.runs),
    lighthouse: !values['no-lighthouse'],
    lighthouseRuns: wholeNumber('lighthouse-runs', values['lighthouse-runs']),
    json: path.resolve(root, values.json),
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    strict: true,
    options: {
      'out-dir': { type: 'string' },
      'skip-build': { type: 'boolean', default: false },
      runs: { type: 'string', default: '5' },
      'no-lighthouse': { type: 'boolean', default: false },
      'lighthouse-runs': { type: 'string', default: '5' },
      json: { type: 'string', default: 'bench-results.json' },
    },
  })
}

export const OWNER = 'owner@acme.test' // Acme Outdoor: 50 000 transactions
export const OPS = 'ops@provider.test' // every scope, so every page; picks its merchant
export const CPU_SLOWDOWN = 4
export const LATENCY_MS = 200
// Lighthouse's mobile preset emulates a Moto G Power; the page loads use the same screen.
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
}

/**
 * Issue 29's aims that the portal does not reach yet, or not in every run, printed beside their
 * figures: /login's script (React DOM alone is 57 KB of it), the repeat visit's LCP (Lighthouse's
 * simulation counts 605 ms for the page's own request, on a cold connection, before any of its work)
 * and /transactions' mobile score (97 or 98 from one run to the next, as its TBT goes from 80 to 150 ms).
 */
export const AIMS = {
  loginJsKb: 140,
  repeatLcpMs: 1000,
  transactionsMobileScore: 98,
}

export const BUDGETS = {
  lcpMs: 2500,
  tbtMs: 200,
  cls: 0.02,
  lighthouseMobile: 90,
  /** Lighthouse mobile on /transactions: LCP and score from a cold cache, LCP on a repeat visit. */
  lighthouseTransactionsLcpMs: 2000,
  /** The score's medians were 98 and 97 in the last session's benches, and 98 and 97 in this session's: 98 less 3 %, the aim in AIMS. */
  lighthouseTransactionsMobile: 95,
  /**
   * The repeat visit's LCP measured 1250, 1221 and 1175 ms (medians of 5, three benches on this
   * machine): the highest plus 3 %. The aim, 1000 ms, is in AIMS.
   */
  repeatLcpMs: 1290,
  roundTrips: 2,
  /** Select 100 rows with the header's checkbox, then open the bulk settle dialog (no slowdown). */
  bulkDialogMs: 500,
}
