import { describe, expect, it } from 'vitest'
import { countOutcomes, createBulkRunner, type RowOutcome } from './bulk-runner'

/** A sender whose writes the test answers one by one, recording what was sent and how many at once. */
function fakeSender() {
  const pending = new Map<string, { resolve(): void; reject(error: unknown): void }>()
  const sent: string[] = []
  let inFlight = 0
  let most = 0
  return {
    sent,
    most: () => most,
    inFlight: () => [...pending.keys()],
    send(id: string): Promise<void> {
      sent.push(id)
      inFlight += 1
      most = Math.max(most, inFlight)
      return new Promise<void>((resolve, reject) => {
        pending.set(id, {
          resolve: () => {
            inFlight -= 1
            pending.delete(id)
            resolve()
          },
          reject: (error) => {
            inFlight -= 1
            pending.delete(id)
            reject(error)
          },
        })
      })
    },
    async answer(id: string, error?: unknown) {
      const write = pending.get(id)
      if (!write) throw new Error(`${id} is not in flight`)
      if (error === undefined) write.resolve()
      else write.reject(error)
      // The runner reacts in the promise's callbacks.
      await new Promise((resolve) => setTimeout(resolve, 0))
    },
  }
}

function setUp(count: number) {
  const ids = Array.from({ length: count }, (_, index) => `TX-${index + 1}`)
  const sender = fakeSender()
  let latest: ReadonlyMap<string, RowOutcome> = new Map()
  let idle = 0
  const runner = createBulkRunner({
    ids,
    send: (id) => sender.send(id),
    onChange: (outcomes) => {
      latest = outcomes
    },
    onIdle: () => {
      idle += 1
    },
  })
  return { ids, sender, runner, latest: () => latest, idle: () => idle }
}

describe('the bulk runner', () => {
  it('keeps at most four writes in flight, and sends every row once, in order', async () => {
    const { ids, sender, runner, latest, idle } = setUp(10)
    runner.start()
    expect(sender.inFlight()).toEqual(['TX-1', 'TX-2', 'TX-3', 'TX-4'])
    while (sender.inFlight().length > 0) {
      expect(sender.inFlight().length).toBeLessThanOrEqual(4)
      await sender.answer(sender.inFlight()[0] ?? '')
    }
    expect(sender.most()).toBe(4)
    expect(sender.sent).toEqual(ids)
    expect(countOutcomes(latest())).toEqual({ waiting: 0, sending: 0, done: 10, failed: 0, unsent: 0 })
    expect(idle()).toBe(1)
  })

  it('reports a failure with its error, and retries that row alone', async () => {
    const { sender, runner, latest, idle } = setUp(3)
    runner.start()
    const refusal = new Error('refused')
    await sender.answer('TX-2', refusal)
    await sender.answer('TX-1')
    await sender.answer('TX-3')
    expect(latest().get('TX-2')).toEqual({ state: 'failed', error: refusal })
    expect(idle()).toBe(1)

    runner.retry(['TX-1', 'TX-2', 'TX-3'])
    // Only the failed row goes again: a row that succeeded is never sent twice.
    expect(sender.inFlight()).toEqual(['TX-2'])
    await sender.answer('TX-2')
    expect(sender.sent).toEqual(['TX-1', 'TX-2', 'TX-3', 'TX-2'])
    expect(countOutcomes(latest()).done).toBe(3)
    expect(idle()).toBe(2)
  })

  it('on cancel, sends nothing more; the writes in flight finish and are reported', async () => {
    const { sender, runner, latest, idle } = setUp(10)
    runner.start()
    await sender.answer('TX-1')
    expect(sender.inFlight()).toEqual(['TX-2', 'TX-3', 'TX-4', 'TX-5'])
    runner.cancel()
    expect(countOutcomes(latest())).toEqual({ waiting: 0, sending: 4, done: 1, failed: 0, unsent: 5 })
    expect(idle()).toBe(0)
    await sender.answer('TX-2')
    await sender.answer('TX-3', new Error('refused'))
    await sender.answer('TX-4')
    await sender.answer('TX-5')
    expect(sender.sent).toEqual(['TX-1', 'TX-2', 'TX-3', 'TX-4', 'TX-5'])
    expect(countOutcomes(latest())).toEqual({ waiting: 0, sending: 0, done: 4, failed: 1, unsent: 5 })
    expect(idle()).toBe(1)
    // An unsent row is not a failure: Retry failed leaves it unsent.
    runner.retry(['TX-6', 'TX-3'])
    expect(sender.inFlight()).toEqual(['TX-3'])
  })

  it('ignores a retry of a row in flight or still waiting', () => {
    const { sender, runner } = setUp(6)
    runner.start()
    runner.retry(['TX-1', 'TX-6'])
    expect(sender.sent).toEqual(['TX-1', 'TX-2', 'TX-3', 'TX-4'])
  })
})
