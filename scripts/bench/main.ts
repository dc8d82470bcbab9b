// npm run bench: builds the portal, serves the build with the sandbox, drives Chromium and measures
// what users wait for, each figure beside its budget. Prints a table, writes bench-results.json and
// exits with 1 when a budget is broken (2 when the bench itself fails). `npm run bench -- --help`
// lists the options (scripts/bench/options.ts).
//
// Method. The build is served by Debian's nginx with deploy/nginx.conf (scripts/nginx-server.ts: HTTPS
// and HTTP/2, gzip, immutable hashed assets, /api proxied to the sandbox), since how many connections
// the requests need is part of what a phone on a slow network waits for. Every measured page load gets
// a fresh browser context (cold HTTP cache; the signed-in user's localStorage copied in), 4× CPU
// throttling through the DevTools protocol and a phone-sized screen, and starts once the browser's
// own set-up of that context is over (scripts/bench/browser-idle.ts); the median of the runs is
// reported (scripts/bench/measure.ts). LCP, CLS (largest session window) and long tasks come from the
// page's own PerformanceObservers; total blocking time sums the part over 50 ms of each long task after
// the first contentful paint (scripts/bench/vitals.ts). Round trips are counted with 200 ms injected on
// every API call (a sandbox fault), as consecutive waves of calls before the page's heading shows.
// Lighthouse runs in its own package under bench/ (scripts/bench/lighthouse.ts).
import { writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { readBuild } from '../bundle-size.ts'
import { lighthouseRuns } from './lighthouse.ts'
import {
  filterChanges,
  heapAfterEveryPage,
  merchantSwitches,
  roundTrips,
  signedInState,
  transactionsLoad,
} from './measure.ts'
import {
  type BenchOptions,
  CPU_SLOWDOWN,
  LATENCY_MS,
  OWNER,
  readOptions,
  root,
  UsageError,
  usage,
} from './options.ts'
import { type Figure, figures, type Measured, table } from './report.ts'
import { build, checkChromium, type Stage, StageError, startStage } from './stage.ts'
import { bulkDialogOpenings, needsActionOpenings } from './work-queue.ts'

const started = performance.now()
const say = (text: string) => process.stdout.write(`[bench] ${text}\n`)
const seconds = () => `${((performance.now() - started) / 1000).toFixed(0)} s`

async function measure(stage: Stage, options: BenchOptions): Promise<Measured> {
  const built = readBuild(options.outDir)
  const staticSizes = {
    login: built.routeBudget('login.tsx'),
    transactions: built.routeBudget('_authed/_merchant/transactions.tsx'),
    largestRouteChunk: built.largestRouteChunk(),
  }
  await stage.control.reset()

  say(`signing in; warm-up load (${seconds()})`)
  const ownerState = await signedInState(stage, OWNER)
  await transactionsLoad(stage, options.outDir, ownerState)
  const loads = []
  for (let index = 0; index < options.runs; index++) {
    say(`load ${index + 1}/${options.runs} of /transactions, ${CPU_SLOWDOWN}× CPU slowdown (${seconds()})`)
    loads.push(await transactionsLoad(stage, options.outDir, ownerState))
  }
  say(`round trips with ${LATENCY_MS} ms latency (${seconds()})`)
  const trips = await roundTrips(stage, ownerState)
  say(`filter changes on 50 000 transactions (${seconds()})`)
  const filterChange = await filterChanges(stage, ownerState)
  say(`Needs action on 50 000 transactions (${seconds()})`)
  const needsActionOpen = await needsActionOpenings(stage, ownerState)
  say(`select 100 rows and open the bulk dialog (${seconds()})`)
  const bulkDialogOpen = await bulkDialogOpenings(stage, ownerState)
  say(`merchant switches (${seconds()})`)
  const merchantSwitch = await merchantSwitches(stage)
  say(`every page, then the heap (${seconds()})`)
  const heap = await heapAfterEveryPage(stage)
  await (await stage.browser()).close()
  const lighthouse = options.lighthouse
    ? await lighthouseRuns(stage.baseURL, stage.trustArgs, options.lighthouseRuns, say)
    : undefined
  return {
    static: staticSizes,
    transactionsLoads: loads,
    roundTrips: trips,
    filterChange,
    needsActionOpen,
    bulkDialogOpen,
    merchantSwitch,
    heap,
    ...(lighthouse ? { lighthouse } : {}),
  }
}

if (process.argv.includes('--help')) {
  console.log(usage)
  process.exit(0)
}
let options: BenchOptions
try {
  options = readOptions(process.argv.slice(2))
  checkChromium()
  await build(options.outDir, options.skipBuild, say)
} catch (error) {
  if (!(error instanceof UsageError || error instanceof StageError)) throw error
  console.error(`bench: ${error.message}`)
  if (error instanceof UsageError) console.error(usage)
  process.exit(2)
}

const stage = await startStage(options.outDir)
for (const name of ['SIGINT', 'SIGTERM'] as const) {
  process.on(name, () => {
    void stage.close().finally(() => process.exit(130))
  })
}

let list: Figure[] = []
let raw: Measured | null = null
let failure: unknown = null
try {
  raw = await measure(stage, options)
  list = figures(raw, options.runs, options.lighthouseRuns)
} catch (error) {
  failure = error
} finally {
  await stage.close()
}

const durationS = Math.round((performance.now() - started) / 1000)
const results = {
  startedAt: new Date(Date.now() - durationS * 1000).toISOString(),
  outDir: path.relative(root, options.outDir) || '.',
  options,
  figures: list,
  raw,
  finishedAt: new Date().toISOString(),
  durationS,
  machine: { cpus: os.cpus().length, loadAverage: os.loadavg(), node: process.version },
  ...(failure
    ? { error: failure instanceof Error ? (failure.stack ?? failure.message) : String(failure) }
    : {}),
}
const printed = table(list)
if (printed) process.stdout.write(`\n${printed}\n`)
await writeFile(options.json, `${JSON.stringify(results, null, 2)}\n`)
const load = os
  .loadavg()
  .map((value) => value.toFixed(2))
  .join(' ')
process.stdout.write(
  `\n${path.relative(root, options.json)} written; ${durationS} s; load average ${load} on ${os.cpus().length} cores\n`,
)
if (results.error) {
  console.error(`\nbench failed: ${results.error}`)
  process.exit(2)
}
const broken = list.filter((item) => item.ok === false)
if (broken.length > 0) {
  console.error(`\n${broken.length} budget(s) broken: ${broken.map((item) => item.label).join('; ')}`)
  process.exit(1)
}
process.stdout.write('every budget met\n')
