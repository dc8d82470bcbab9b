// The bench's figures, each beside its budget, and the table it prints.
import { type RouteChunk, type RouteSize, SIZE_BUDGETS } from '../bundle-size.ts'
import type { LighthouseFigures } from './lighthouse.ts'
import type { Heap, RoundTrips, Timings, TransactionsLoad } from './measure.ts'
import { AIMS, BUDGETS, CPU_SLOWDOWN, LATENCY_MS } from './options.ts'
import { median } from './vitals.ts'

export interface Figure {
  id: string
  label: string
  value: number | null
  unit: string
  budget: number | null
  /** `max`: the value may not be above the budget; `min`: not below it. */
  compare: 'max' | 'min'
  /** null when there is no budget. */
  ok: boolean | null
  /**
   * The aim where it is stricter than the budget (the budget being the figure achieved plus
   * 3 %, so that it cannot creep): printed beside it, met or not; only the budget fails the bench.
   */
  aim: number | null
}

export interface Measured {
  static: { login: RouteSize; transactions: RouteSize; largestRouteChunk: RouteChunk | null }
  transactionsLoads: TransactionsLoad[]
  roundTrips: RoundTrips
  filterChange: Timings
  needsActionOpen: Timings
  bulkDialogOpen: Timings
  merchantSwitch: Timings
  heap: Heap
  /** Absent with --no-lighthouse. */
  lighthouse?: Record<string, LighthouseFigures>
}

/** Whether a value keeps within a limit: at most it for a `max` figure, at least it for a `min` one. */
function within(value: number | null, limit: number, compare: 'max' | 'min'): boolean {
  return value !== null && (compare === 'max' ? value <= limit : value >= limit)
}

export function figures(raw: Measured, runs: number, lighthouseRuns: number): Figure[] {
  const list: Figure[] = []
  const kb = (bytes: number) => bytes / 1024
  const { login, transactions, largestRouteChunk: largest } = raw.static
  const loads = raw.transactionsLoads
  const med = (key: 'jsGzipKb' | 'jsRequested' | 'jsBeforeLcp' | 'lcpMs' | 'tbtMs' | 'cpuTbtMs' | 'cls') =>
    median(loads.map((load) => load[key]))
  const figure = (
    id: string,
    label: string,
    value: number | null,
    unit: string,
    budget: number | null = null,
    compare: 'max' | 'min' = 'max',
    aim: number | null = null,
  ) => {
    const ok = budget === null ? null : within(value, budget, compare)
    list.push({ id, label, value, unit, budget, compare, ok, aim })
  }
  figure(
    'login.js',
    '/login JS before first paint (gzip)',
    kb(login.js),
    'KB',
    SIZE_BUDGETS['login.tsx']?.jsKb ?? null,
    'max',
    AIMS.loginJsKb,
  )
  const sizeBudget = SIZE_BUDGETS['_authed/_merchant/transactions.tsx']
  figure('login.css', '/login CSS (gzip)', kb(login.css), 'KB', SIZE_BUDGETS['login.tsx']?.cssKb ?? null)
  figure(
    'transactions.js',
    '/transactions JS, entry + shell + page (gzip)',
    kb(transactions.js),
    'KB',
    sizeBudget?.jsKb ?? null,
  )
  figure(
    'transactions.css',
    '/transactions CSS (gzip)',
    kb(transactions.css),
    'KB',
    sizeBudget?.cssKb ?? null,
  )
  figure(
    'transactions.js.loaded',
    '/transactions JS the browser fetched (gzip, median)',
    med('jsGzipKb'),
    'KB',
  )
  figure(
    'transactions.js.files',
    '/transactions script files the browser fetched (median)',
    med('jsRequested'),
    'files',
  )
  figure(
    'transactions.js.files-before-lcp',
    '/transactions script files asked for before LCP (median; the rest load after it)',
    med('jsBeforeLcp'),
    'files',
  )
  figure(
    'largestRouteChunk',
    `largest route chunk (${largest?.source.replace(/^src\/routes\//, '') ?? '-'})`,
    largest ? kb(largest.gzip) : null,
    'KB',
  )
  figure(
    'transactions.lcp',
    `/transactions LCP, ${CPU_SLOWDOWN}× CPU (median of ${runs})`,
    med('lcpMs'),
    'ms',
    BUDGETS.lcpMs,
  )
  figure(
    'transactions.tbt',
    `/transactions TBT, ${CPU_SLOWDOWN}× CPU (median of ${runs})`,
    med('tbtMs'),
    'ms',
    BUDGETS.tbtMs,
  )
  figure(
    'transactions.tbt.cpu',
    '/transactions TBT from thread time (load-independent, median)',
    med('cpuTbtMs'),
    'ms',
  )
  figure('transactions.cls', `/transactions CLS (median of ${runs})`, med('cls'), '', BUDGETS.cls)
  figure(
    'roundTrips',
    `API round trips before the first protected page (${LATENCY_MS} ms each)`,
    raw.roundTrips.waves,
    '',
    BUDGETS.roundTrips,
  )
  figure(
    'filterChange',
    'filter change on 50 000 transactions, no slowdown (median of 3)',
    raw.filterChange.medianMs,
    'ms',
  )
  figure(
    'needsActionOpen',
    'open Needs action on 50 000 transactions, no slowdown (median of 3)',
    raw.needsActionOpen.medianMs,
    'ms',
  )
  figure(
    'bulkDialogOpen',
    'select 100 rows and open the bulk dialog, no slowdown (median of 3)',
    raw.bulkDialogOpen.medianMs,
    'ms',
    BUDGETS.bulkDialogMs,
  )
  figure(
    'merchantSwitch',
    'merchant switch on /transactions, no slowdown (median of 3)',
    raw.merchantSwitch.medianMs,
    'ms',
  )
  figure('heap', `JS heap after every page (${raw.heap.pages.length} pages, after GC)`, raw.heap.usedMb, 'MB')
  const lh = raw.lighthouse
  if (!lh) {
    figure('lighthouse', 'Lighthouse (left out with --no-lighthouse)', null, '')
    return list
  }
  const lhFigure = (key: string, label: string, budget: number | null, aim: number | null = null) => {
    const run = lh[key]
    // A run Lighthouse could not score is listed as such (the bench printed why when it happened).
    const scores = run?.scores?.map((score) => (score === null ? 'no score' : String(score)))
    const of = scores && scores.length > 1 ? ` (median of ${scores.join(', ')})` : ''
    figure(
      `lighthouse.${key}.score`,
      `Lighthouse ${label} score${of}`,
      run?.score ?? null,
      '',
      budget,
      'min',
      aim,
    )
  }
  lhFigure('login.mobile', 'mobile /login', BUDGETS.lighthouseMobile)
  lhFigure(
    'transactions.mobile',
    'mobile /transactions',
    BUDGETS.lighthouseTransactionsMobile,
    AIMS.transactionsMobileScore,
  )
  figure(
    'lighthouse.transactions.mobile.lcp',
    `Lighthouse mobile /transactions LCP (median of ${lighthouseRuns})`,
    lh['transactions.mobile']?.lcpMs ?? null,
    'ms',
    BUDGETS.lighthouseTransactionsLcpMs,
  )
  figure(
    'lighthouse.transactions.mobile-repeat.lcp',
    `Lighthouse mobile /transactions LCP, repeat visit (warm cache, median of ${lighthouseRuns})`,
    lh['transactions.mobile-repeat']?.lcpMs ?? null,
    'ms',
    BUDGETS.repeatLcpMs,
    'max',
    AIMS.repeatLcpMs,
  )
  figure(
    'lighthouse.transactions.mobile.tbt',
    `Lighthouse mobile /transactions TBT (median of ${lighthouseRuns})`,
    lh['transactions.mobile']?.tbtMs ?? null,
    'ms',
    BUDGETS.tbtMs,
  )
  lhFigure('login.desktop', 'desktop /login', null)
  lhFigure('transactions.desktop', 'desktop /transactions', null)
  return list
}

function show(value: number | null, unit: string): string {
  if (value === null) return 'n/a'
  if (unit === 'KB') return `${value.toFixed(1)} KB`
  if (unit === 'MB') return `${value.toFixed(1)} MB`
  if (unit === 'ms') return `${Math.round(value)} ms`
  if (Number.isInteger(value)) return String(value)
  return value.toFixed(3)
}

/** The figures as a Markdown table; empty when there are none. */
export function table(list: Figure[]): string {
  const bound = (item: Figure, limit: number) =>
    `${item.compare === 'max' ? '≤' : '≥'} ${show(limit, item.unit)}`
  const rows = list.map((item) => [
    item.label,
    show(item.value, item.unit),
    item.budget === null ? '' : bound(item, item.budget),
    item.ok === null ? '' : item.ok ? 'ok' : 'OVER',
    item.aim === null
      ? ''
      : `${bound(item, item.aim)}: ${within(item.value, item.aim, item.compare) ? 'met' : 'not met'}`,
  ])
  if (rows.length === 0) return ''
  const header = ['figure', 'value', 'budget', 'ok', 'aim']
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  )
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')
}
