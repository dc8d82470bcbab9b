import { describe, expect, it } from 'vitest'
import { startOfDayIn } from './zone-midnight'

const NEW_YORK = 'America/New_York'
const HOUR = 3_600_000
const iso = (instant: number) => new Date(instant).toISOString()

describe('startOfDayIn, the tests’ local midnight', () => {
  it('finds local midnight in a time zone, on 23- and 25-hour days too', () => {
    // Spring forward (2026-03-08): midnight is still EST (UTC-5), the next midnight EDT (UTC-4).
    expect(iso(startOfDayIn('2026-03-08', NEW_YORK))).toBe('2026-03-08T05:00:00.000Z')
    expect(iso(startOfDayIn('2026-03-09', NEW_YORK))).toBe('2026-03-09T04:00:00.000Z')
    expect((startOfDayIn('2026-03-09', NEW_YORK) - startOfDayIn('2026-03-08', NEW_YORK)) / HOUR).toBe(23)
    // Fall back (2026-11-01): a 25-hour day.
    expect((startOfDayIn('2026-11-02', NEW_YORK) - startOfDayIn('2026-11-01', NEW_YORK)) / HOUR).toBe(25)
    expect(iso(startOfDayIn('2026-07-01', 'Asia/Kolkata'))).toBe('2026-06-30T18:30:00.000Z')
  })

  it('starts a day at the jump where the clocks skip midnight, and keeps a 25-hour day whole', () => {
    // Havana springs forward at 00:00 (UTC-5 → UTC-4): 2026-03-08 begins at 01:00 CDT, 05:00 UTC.
    expect(iso(startOfDayIn('2026-03-08', 'America/Havana'))).toBe('2026-03-08T05:00:00.000Z')
    // Santiago springs forward at 24:00 (UTC-4 → UTC-3): 2026-09-06 begins at 01:00, 04:00 UTC.
    expect(iso(startOfDayIn('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z')
    const havanaFall =
      startOfDayIn('2026-11-02', 'America/Havana') - startOfDayIn('2026-11-01', 'America/Havana')
    expect(havanaFall / HOUR).toBe(25)
  })
})
