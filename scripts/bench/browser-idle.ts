// Waits for the browser to be idle before a measured page load starts.
//
// Why. Every measured load opens a fresh browser context, and Chromium 156 (headless) sets up a new
// context's window — its omnibox's WebUI renderer among others — with about 1.5 s of CPU time spread
// over the 1.5 s that follow (measured by sampling /proc: 1 000–2 800 ms of CPU after each new
// context, then idle). On this machine's two cores a load started at once shares them with that, which
// no user's visit pays: /transactions at 4× CPU showed its largest paint at 3 650 ms (median of 5) when
// navigated at once, 2 240 ms after the browser had settled, the build unchanged. The wait comes before
// the CPU throttling is set, as a throttled renderer keeps most of a core busy even while idle.
import { readdirSync, readFileSync } from 'node:fs'

/** CPU time (utime + stime, in clock ticks) of every process descended from this one. */
function descendantsCpuTicks(): number | null {
  let entries: string[]
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return null
  }
  const parentOf = new Map<number, number>()
  const ticksOf = new Map<number, number>()
  for (const name of entries) {
    let stat: string
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8')
    } catch {
      continue // the process ended since the listing
    }
    // pid (comm) state ppid … utime stime …: comm may hold spaces and parentheses, so read after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    parentOf.set(Number(name), Number(fields[1]))
    ticksOf.set(Number(name), Number(fields[11]) + Number(fields[12]))
  }
  let sum = 0
  for (const [pid, ticks] of ticksOf) {
    for (
      let ancestor = parentOf.get(pid);
      ancestor !== undefined && ancestor > 1;
      ancestor = parentOf.get(ancestor)
    ) {
      if (ancestor === process.pid) {
        sum += ticks
        break
      }
    }
  }
  return sum
}

const POLL_MS = 100
/** Idle: the browser's processes (and nginx's) used under 10 % of one core over this long. */
const WINDOW_MS = 500
const WINDOW_SAMPLES = WINDOW_MS / POLL_MS
const IDLE_TICKS = 5 // clock ticks are 10 ms (CLK_TCK 100): 50 ms of CPU in the window
const LONGEST_WAIT_MS = 10_000

/**
 * Resolves once the processes this one started (Chromium's, nginx's) have been idle for half a second,
 * or after 10 s; at once where there is no /proc to read.
 */
export async function untilBrowserIdle(): Promise<void> {
  const samples: number[] = []
  const started = Date.now()
  while (Date.now() - started < LONGEST_WAIT_MS) {
    const ticks = descendantsCpuTicks()
    if (ticks === null) return
    samples.push(ticks)
    const first = samples.at(-1 - WINDOW_SAMPLES)
    if (first !== undefined && ticks - first < IDLE_TICKS) return
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}
