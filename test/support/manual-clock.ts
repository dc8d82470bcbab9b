import type { LogClock } from '../../src/log/delivery'

interface Task {
  at: number
  order: number
  run: () => void
}

/**
 * A clock for the log's delivery that moves only when a test moves it: minutes of back-off and
 * rate limit pass in milliseconds, while the posts themselves stay real.
 */
export class ManualClock implements LogClock {
  #now = 0
  #order = 0
  #tasks: Task[] = []

  now(): number {
    return this.#now
  }

  later(run: () => void, ms: number): () => void {
    const task: Task = { at: this.#now + Math.max(0, ms), order: this.#order++, run }
    this.#tasks.push(task)
    return () => {
      this.#tasks = this.#tasks.filter((other) => other !== task)
    }
  }

  /**
   * Moves time on by `ms`, running what falls due in order. Before it moves, and after each task,
   * `settle` (say, until the posts under way are answered): what started now finishes now, not
   * after time the network never saw pass.
   */
  async advance(ms: number, settle: () => Promise<void> = settleMicrotasks): Promise<void> {
    await settle()
    const end = this.#now + ms
    for (;;) {
      const due = this.#tasks
        .filter((task) => task.at <= end)
        .sort((a, b) => a.at - b.at || a.order - b.order)[0]
      if (!due) break
      this.#tasks = this.#tasks.filter((task) => task !== due)
      this.#now = due.at
      due.run()
      await settle()
    }
    this.#now = end
  }
}

/** Lets promise callbacks queued so far (and those they queue) run. */
export function settleMicrotasks(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}
