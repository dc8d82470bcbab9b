// @vitest-environment node
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ParticipationSchema } from '../../../contract/programs'
import { assertWire, WireDriftError } from '../../../sandbox/api/http'
import { startSandbox } from '../../../sandbox/index'
import { generateStore } from '../../../sandbox/store'

describe('sandbox start-up', () => {
  it('starts in under two seconds and closes cleanly', async () => {
    const started = performance.now()
    const sandbox = await startSandbox({ apiPort: 0, idpPort: 0, quiet: true })
    const elapsed = performance.now() - started
    expect(elapsed).toBeLessThan(2000)
    const response = await fetch(`${sandbox.idpUrl}/.well-known/openid-configuration`)
    expect(response.status).toBe(200)
    // Keep-alive sockets must not hold close() up.
    const closing = performance.now()
    await sandbox.close()
    expect(performance.now() - closing).toBeLessThan(1000)
  })

  it('generates the same data from the same seed, fast', () => {
    const started = performance.now()
    const first = generateStore()
    expect(performance.now() - started).toBeLessThan(500)
    const second = generateStore()
    expect(second.programs.participations).toEqual(first.programs.participations)
    expect(second.merchants).toEqual(first.merchants)
    expect([...second.paymentProducts.enrollments.keys()]).toEqual([
      ...first.paymentProducts.enrollments.keys(),
    ])
  })

  it('throws when a body the sandbox would send drifts from the wire schema', () => {
    const participation = {
      id: '50000000-0000-4000-8000-000000000001',
      programID: '40000000-0000-4000-8000-000000000001',
      merchantID: '20000000-0000-4000-8000-000000000001',
      state: 'ACTIVE',
      deletedAt: null,
    }
    expect(() => assertWire(ParticipationSchema, participation, 'test')).not.toThrow()
    expect(() => assertWire(ParticipationSchema, { ...participation, state: 'GONE' }, 'test')).toThrow(
      WireDriftError,
    )
    // Dates travel as strings and come out as Date objects.
    const parsed = v.parse(ParticipationSchema, { ...participation, deletedAt: '2024-03-01T10:00:00.000Z' })
    expect(parsed.deletedAt).toBeInstanceOf(Date)
  })
})
