// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { ManualClock, settleMicrotasks } from '../../test/support/manual-clock'
import { createDelivery, DROPPED_MESSAGE, LogPostError, type OutgoingEntry, repeatKey } from './delivery'

interface Post {
  at: number
  entry: OutgoingEntry
}

/** A delivery whose posts are recorded and answered by `answer` (a 200 unless it throws). */
function harness(perMinute = 30) {
  const clock = new ManualClock()
  const posts: Post[] = []
  const failures: unknown[] = []
  let answer: (entry: OutgoingEntry) => void = () => undefined
  const delivery = createDelivery({
    perMinute,
    clock,
    send: async (entry) => {
      posts.push({ at: clock.now(), entry })
      answer(entry)
    },
    onFailure: (error) => failures.push(error),
    droppedReport: (dropped) => ({
      level: 'warn',
      message: DROPPED_MESSAGE,
      context: { dropped, perMinute },
    }),
  })
  const entry = (message: string, context: Record<string, unknown> = {}): OutgoingEntry => ({
    level: 'error',
    message,
    context: { routeId: '/transactions', ...context },
  })
  /** Offers a built entry, as the logger offers one it would build. */
  const offer = (entry: OutgoingEntry) => {
    const routeId = typeof entry.context.routeId === 'string' ? entry.context.routeId : null
    const requestId = typeof entry.context.requestId === 'string' ? entry.context.requestId : undefined
    delivery.accept({ key: repeatKey(entry.level, entry.message, routeId), requestId, build: () => entry })
  }
  return {
    clock,
    posts,
    failures,
    delivery,
    offer,
    entry,
    answerWith(next: (entry: OutgoingEntry) => void) {
      answer = next
    },
  }
}

/** The most posts started in any 60 s window. */
function busiestMinute(posts: Post[]): number {
  return Math.max(
    0,
    ...posts.map(({ at }) => posts.filter((post) => post.at >= at && post.at < at + 60_000).length),
  )
}

const MINUTE = 60_000

describe('log delivery', () => {
  it('posts at most the limit in any minute of a flood, and says how many it dropped', async () => {
    const { clock, posts, offer, entry } = harness(30)
    // Ten minutes of 1,000 different errors a minute (one every 60 ms), each once.
    let accepted = 0
    for (let second = 0; second < 600; second += 1) {
      for (let i = 0; i < 17; i += 1) {
        offer(entry(`error ${accepted}`))
        accepted += 1
      }
      await settleMicrotasks()
      await clock.advance(1_000)
    }
    await clock.advance(5 * MINUTE)
    expect(busiestMinute(posts)).toBe(30)
    expect(posts.length).toBeLessThanOrEqual(30 * 15)
    const reports = posts.filter((post) => post.entry.message.startsWith('Log entries dropped'))
    expect(reports.length).toBeGreaterThan(0)
    expect(reports[0]?.entry).toMatchObject({ level: 'warn', context: { perMinute: 30 } })
    // Every accepted entry is either posted or counted in a report: none vanishes unaccounted.
    const dropped = reports.reduce((sum, post) => sum + Number(post.entry.context.dropped), 0)
    expect(posts.length - reports.length + dropped).toBe(accepted)
  })

  it('folds repeats into one entry with their count, posted when the minute is up', async () => {
    const { clock, posts, offer, entry } = harness()
    for (let i = 0; i < 10_000; i += 1) {
      // The same failure again, each time with another request id in its message and context.
      const requestId = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`
      offer(entry(`GET /api/carts failed with status 500 (request id ${requestId})`, { requestId }))
    }
    await settleMicrotasks()
    expect(posts).toHaveLength(1)
    await clock.advance(MINUTE)
    expect(posts).toHaveLength(2)
    expect(posts[1]?.entry.context).toMatchObject({
      requestId: '00000000-0000-4000-8000-000000000000',
      repeated: 9_999,
      lastRequestId: '00000000-0000-4000-8000-000000009999',
    })
    // Once its count is posted, the next occurrence is news again.
    offer(entry('GET /api/carts failed with status 500'))
    await settleMicrotasks()
    expect(posts).toHaveLength(3)
  })

  it('keeps entries of other levels, messages and pages apart', async () => {
    const { posts, offer, entry } = harness()
    offer(entry('a'))
    offer({ ...entry('a'), level: 'warn' })
    offer(entry('b'))
    offer(entry('a', { routeId: '/carts' }))
    offer(entry('a'))
    await settleMicrotasks()
    expect(posts).toHaveLength(4)
  })

  it('backs off exponentially while the endpoint fails, one probe at a time, capped at 5 minutes', async () => {
    const { clock, posts, offer, entry, answerWith } = harness()
    answerWith(() => {
      throw new LogPostError('failed to post error log with status 503', 503)
    })
    for (let i = 0; i < 100; i += 1) offer(entry(`error ${i}`))
    await settleMicrotasks()
    // The first posts went out together before any answer came back.
    expect(posts).toHaveLength(4)
    for (let step = 0; step < 20 * 60; step += 1) await clock.advance(1_000)
    const probes = posts.slice(4).map((post) => post.at)
    const gaps = probes.map((at, index) => at - (index === 0 ? 0 : (probes[index - 1] ?? 0)))
    expect(gaps.slice(0, 10)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300].map((s) => s * 1000))
    expect(gaps.slice(10).every((gap) => gap === 300_000)).toBe(true)
    // Twenty minutes of a dead endpoint cost it 15 posts, not 20 × 30.
    expect(posts).toHaveLength(15)

    answerWith(() => undefined)
    await clock.advance(5 * MINUTE)
    const after = posts.slice(15).map((post) => post.entry)
    expect(after[0]?.message).toMatch(/^(error|Log entries dropped)/)
    expect(after.some((sent) => sent.message.startsWith('Log entries dropped'))).toBe(true)
  })

  it('waits as long as a 429 or 503 asks with Retry-After', async () => {
    const { clock, posts, offer, entry, answerWith } = harness()
    answerWith(() => {
      answerWith(() => undefined)
      throw new LogPostError('failed to post error log with status 429', 429, 120_000)
    })
    offer(entry('first'))
    await settleMicrotasks()
    await clock.advance(119_000)
    expect(posts).toHaveLength(1)
    await clock.advance(1_000)
    expect(posts.map((post) => [post.at, post.entry.message])).toEqual([
      [0, 'first'],
      [120_000, 'first'],
    ])
  })

  it('posts a refused entry once and a failing one three times, then counts it as dropped', async () => {
    const { clock, posts, offer, entry, answerWith } = harness()
    let failing = true
    answerWith((sent) => {
      if (sent.message === 'refused') throw new LogPostError('failed to post error log with status 400', 400)
      if (failing) throw new LogPostError('failed to post error log with status 500', 500)
    })
    offer(entry('refused'))
    await settleMicrotasks()
    await clock.advance(1_000)
    offer(entry('failing'))
    await clock.advance(60_000)
    failing = false
    await clock.advance(5 * MINUTE)
    const sent = posts.map((post) => post.entry.message)
    expect(sent).toEqual(['refused', 'failing', 'failing', 'failing'])
    // The count waits for news to get through, then follows it: the refused and the failing entry.
    offer(entry('news'))
    await clock.advance(1_000)
    expect(posts.slice(4).map((post) => [post.entry.message, post.entry.context.dropped])).toEqual([
      ['news', undefined],
      [DROPPED_MESSAGE, 2],
    ])
  })

  it('costs a dead endpoint three posts for one entry, however long it stays dead', async () => {
    const { clock, posts, offer, entry, answerWith } = harness()
    answerWith(() => {
      throw new LogPostError('failed to post error log with status 500', 500)
    })
    offer(entry('the page failed'))
    for (let minute = 0; minute < 24 * 60; minute += 1) await clock.advance(MINUTE)
    expect(posts.map((post) => post.entry.message)).toEqual([
      'the page failed',
      'the page failed',
      'the page failed',
    ])
  })

  it('posts what it has gathered when flushed, and nothing once disposed', async () => {
    const { clock, posts, delivery, offer, entry } = harness()
    offer(entry('again'))
    offer(entry('again'))
    delivery.flush()
    await settleMicrotasks()
    expect(posts.map((post) => post.entry.context.repeated)).toEqual([undefined, 1])
    offer(entry('later'))
    offer(entry('later'))
    delivery.dispose()
    offer(entry('after'))
    await clock.advance(10 * MINUTE)
    expect(posts.map((post) => post.entry.message)).toEqual(['again', 'again', 'later'])
  })
})
