import { describe, expect, it } from 'vitest'
import type { LighthouseFigures } from './lighthouse'
import { BUDGETS } from './options'
import { figures, type Measured, table } from './report'

const size = { js: 100 * 1024, css: 20 * 1024, chunks: 1 }
const lighthouseRun = (scores: (number | null)[]): LighthouseFigures => ({
  score: 95,
  fcpMs: 1500,
  lcpMs: 2400,
  tbtMs: 90,
  cls: 0,
  speedIndexMs: 1500,
  finalUrl: 'https://localhost/transactions',
  warnings: [],
  scores,
})
const measured: Measured = {
  static: { login: size, transactions: size, largestRouteChunk: null },
  transactionsLoads: [],
  roundTrips: { waves: 2, calls: 8, headingAfterMs: 900, paths: [] },
  filterChange: { medianMs: 110, timesMs: [110] },
  needsActionOpen: { medianMs: 120, timesMs: [120] },
  bulkDialogOpen: { medianMs: 300, timesMs: [300] },
  merchantSwitch: { medianMs: 180, timesMs: [180] },
  heap: { usedMb: 14, totalMb: 20, pages: [] },
  lighthouse: {
    'login.mobile': lighthouseRun([98, 98, 98]),
    'login.desktop': lighthouseRun([null, 100, 100]),
    'transactions.mobile': lighthouseRun([95, 95, 96]),
    'transactions.desktop': lighthouseRun([100, 100, 100]),
    'transactions.mobile-repeat': { ...lighthouseRun([99, 99, 100]), lcpMs: 900 },
  },
}

describe("the bench's Lighthouse lines", () => {
  it('list every run’s score, and a run Lighthouse could not score as such', () => {
    const labels = figures(measured, 5, 3).map((figure) => figure.label)
    expect(labels).toContain('Lighthouse desktop /login score (median of no score, 100, 100)')
    expect(labels).toContain('Lighthouse mobile /login score (median of 98, 98, 98)')
  })

  it('put the repeat visit beside the cold figure, each against its budget', () => {
    const list = figures(measured, 5, 3)
    const cold = list.find((figure) => figure.id === 'lighthouse.transactions.mobile.lcp')
    const repeat = list.find((figure) => figure.id === 'lighthouse.transactions.mobile-repeat.lcp')
    expect(cold).toMatchObject({ value: 2400, budget: 2000, ok: false })
    expect(repeat).toMatchObject({ value: 900, budget: BUDGETS.repeatLcpMs, ok: true })
    const ids = list.map((figure) => figure.id)
    expect(ids.indexOf('lighthouse.transactions.mobile-repeat.lcp')).toBe(
      ids.indexOf('lighthouse.transactions.mobile.lcp') + 1,
    )
    expect(list.find((figure) => figure.id === 'transactions.css')).toMatchObject({ value: 20, unit: 'KB' })
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('print an aim beside its budget, met or not, and fail only on the budget', () => {
    const list = figures(measured, 5, 3)
    const login = list.find((figure) => figure.id === 'login.js')
    expect(login).toMatchObject({ value: 100, aim: 140, ok: true })
    const printed = table(list).split('\n')
    expect(printed[0]).toMatch(/\| aim +\|$/)
    expect(printed.find((row) => row.startsWith('| /login JS'))).toMatch(/\| ≤ 140\.0 KB: met +\|$/)
    const slow = figures(
      {
        ...measured,
        lighthouse: {
          ...measured.lighthouse,
          'transactions.mobile-repeat': { ...lighthouseRun([99]), lcpMs: 1100 },
        },
      },
      5,
      3,
    )
    const repeat = slow.find((figure) => figure.id === 'lighthouse.transactions.mobile-repeat.lcp')
    expect(repeat?.aim).toBe(1000)
    expect(table(slow)).toMatch(/LCP, repeat visit[^\n]*\| ≤ 1000 ms: not met +\|/)
  })
})
