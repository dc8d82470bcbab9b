import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { DISPUTE_STATUSES } from '../../../contract/disputes'
import { openPicklist } from '../../api/schemas/common'
import { isAnswerable, timeLeft } from './disputes'

const now = Date.UTC(2026, 10, 27, 12)
const HOUR = 3_600_000
const at = (hours: number) => new Date(now + hours * HOUR)

describe('answering a dispute', () => {
  it('is possible only while it awaits a response and its deadline has not come', () => {
    expect(isAnswerable({ status: 'NEEDS_RESPONSE', respondBy: at(1) }, now)).toBe(true)
    expect(isAnswerable({ status: 'NEEDS_RESPONSE', respondBy: at(0) }, now)).toBe(false)
    expect(isAnswerable({ status: 'NEEDS_RESPONSE', respondBy: at(-48) }, now)).toBe(false)
    for (const text of ['UNDER_REVIEW', 'WON', 'LOST', 'ACCEPTED', 'ESCALATED']) {
      const status = v.parse(openPicklist(DISPUTE_STATUSES), text)
      expect(isAnswerable({ status, respondBy: at(48) }, now), text).toBe(false)
    }
  })

  it('counts the time left down, never up', () => {
    expect(timeLeft(at(71), now)).toEqual({ unit: 'days', count: 2 })
    expect(timeLeft(at(24), now)).toEqual({ unit: 'days', count: 1 })
    expect(timeLeft(at(23.9), now)).toEqual({ unit: 'hours', count: 23 })
    expect(timeLeft(at(1), now)).toEqual({ unit: 'hours', count: 1 })
    expect(timeLeft(at(0.5), now)).toEqual({ unit: 'underAnHour' })
    expect(timeLeft(at(0), now)).toEqual({ unit: 'passed' })
    expect(timeLeft(at(-5), now)).toEqual({ unit: 'passed' })
  })
})
