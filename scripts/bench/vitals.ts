// What the bench computes from a page load: web vitals from the page's own observers, total blocking
// time from long tasks or from a DevTools trace, sequential API round trips, medians.
import type { CDPSession } from 'playwright-core'

export interface Vitals {
  fcp: number | null
  lcp: number | null
  lcpElement: string | null
  cls: number
  /** [start, duration] of each long task, in ms. */
  longTasks: [number, number][]
}

declare global {
  interface Window {
    __benchVitals?: Vitals
    __benchClick?: number | null
  }
}

export function median(values: (number | null | undefined)[]): number | null {
  const sorted = values
    .filter((value): value is number => typeof value === 'number' && Number.isFinite(value))
    .sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const [low, high] = [sorted[middle - 1], sorted[middle]]
  if (high === undefined) return null
  return sorted.length % 2 || low === undefined ? high : (low + high) / 2
}

export interface TimedCall {
  path: string
  start: number
  end: number
}

/**
 * Counts the API round trips that had to happen one after another: with a fixed latency on every
 * call, a call that starts after an earlier one finished is a new wave (as test/e2e/round-trips.e2e.ts).
 */
export function sequentialWaves(calls: TimedCall[]): number {
  let waves = 0
  let frontier = Number.NEGATIVE_INFINITY
  for (const call of [...calls].sort((a, b) => a.start - b.start)) {
    if (call.start >= frontier) {
      waves++
      frontier = Math.min(...calls.filter((other) => other.start >= call.start).map((other) => other.end))
    }
  }
  return waves
}

interface LayoutShift extends PerformanceEntry {
  value: number
  hadRecentInput: boolean
}

/** Installed before any page script runs (in the page); collects what the page's own observers report. */
export function installVitals(): void {
  const vitals: Vitals = { fcp: null, lcp: null, lcpElement: null, cls: 0, longTasks: [] }
  Object.defineProperty(window, '__benchVitals', { value: vitals })
  const observe = <Entry extends PerformanceEntry>(type: string, callback: (entry: Entry) => void) => {
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) callback(entry as Entry)
      }).observe({ type, buffered: true })
    } catch {
      // Not supported by this browser: the figure stays empty.
    }
  }
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime
  })
  observe<LargestContentfulPaint>('largest-contentful-paint', (entry) => {
    vitals.lcp = entry.renderTime || entry.loadTime || entry.startTime
    const element = entry.element
    vitals.lcpElement = element
      ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`
      : null
  })
  // CLS as the web-vitals library defines it: the largest session window of shifts without recent input.
  let windowValue = 0
  let windowStart = 0
  let previous = 0
  observe<LayoutShift>('layout-shift', (entry) => {
    if (entry.hadRecentInput) return
    if (windowValue > 0 && (entry.startTime - previous > 1000 || entry.startTime - windowStart > 5000)) {
      windowValue = 0
    }
    if (windowValue === 0) windowStart = entry.startTime
    windowValue += entry.value
    previous = entry.startTime
    vitals.cls = Math.max(vitals.cls, windowValue)
  })
  observe('longtask', (entry) => {
    vitals.longTasks.push([entry.startTime, entry.duration])
  })
}

/** Lighthouse's definition: the part over 50 ms of every long task, counted from the first contentful paint. */
export function totalBlockingTime({ fcp, longTasks }: Vitals): number | null {
  if (fcp === null) return null
  let total = 0
  for (const [start, duration] of longTasks) {
    const end = start + duration
    if (end <= fcp) continue
    const counted = end - Math.max(start, fcp)
    total += Math.max(0, counted - 50)
  }
  return total
}

/** A Chrome trace event, as far as the bench reads it (times in µs). */
export interface TraceEvent {
  name: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { name?: string }
}

/** Records the page's trace events (tasks with their thread time, paint milestones) until stop(). */
export async function startTrace(cdp: CDPSession): Promise<{ stop(): Promise<TraceEvent[]> }> {
  const events: TraceEvent[] = []
  // The protocol's types call the events string maps; their times are numbers.
  cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])))
  await cdp.send('Tracing.start', {
    categories: 'disabled-by-default-devtools.timeline,loading',
    transferMode: 'ReportEvents',
  })
  return {
    async stop() {
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
      await cdp.send('Tracing.end')
      await complete
      return events
    },
  }
}

/**
 * Total blocking time from the trace, counting each main-thread task by its thread time (CPU time,
 * which includes the 4× slowdown) rather than its wall time: what the page costs, whatever else the
 * machine is running. On an idle machine the two agree.
 */
export function threadTimeBlocking(events: TraceEvent[]): number | null {
  const renderers = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  )
  const busy = new Map<string, number>()
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`
    if (event.name === 'RunTask' && renderers.has(thread))
      busy.set(thread, (busy.get(thread) ?? 0) + (event.tdur ?? 0))
  }
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0]
  // The paint milestones are recorded on the renderer's compositor side, in the same process.
  const fcp = events.find(
    (event) => event.name === 'firstContentfulPaint' && `${event.pid}` === main?.split(':')[0],
  )
  if (!main || !fcp) return null
  let total = 0
  for (const event of events) {
    if (event.name !== 'RunTask' || `${event.pid}:${event.tid}` !== main || event.tdur === undefined) continue
    if (event.ts + (event.dur ?? 0) <= fcp.ts) continue
    total += Math.max(0, event.tdur / 1000 - 50)
  }
  return total
}
