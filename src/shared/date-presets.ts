import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { addDays, type IsoDate, startOfMonth, todayIn } from './calendar'

export const DATE_PRESETS = ['today', 'last7', 'last30', 'last90', 'thisMonth'] as const
export type DatePreset = (typeof DATE_PRESETS)[number]

export interface IsoRange {
  from: IsoDate
  to: IsoDate
}

/**
 * A preset as an inclusive range of calendar dates, counted in the merchant's time zone: "last 7 days"
 * is today and the six days before it, whatever the browser's zone or the length of a DST day.
 */
export function presetRange(preset: DatePreset, timeZone: string, now: Date | number = Date.now()): IsoRange {
  const today = todayIn(timeZone, now)
  switch (preset) {
    case 'today':
      return { from: today, to: today }
    case 'last7':
      return { from: addDays(today, -6), to: today }
    case 'last30':
      return { from: addDays(today, -29), to: today }
    case 'last90':
      return { from: addDays(today, -89), to: today }
    case 'thisMonth':
      return { from: startOfMonth(today), to: today }
  }
}

/** The preset a range equals today, so the filter can name it; null for any other (custom) range. */
export function matchPreset(
  range: { from: IsoDate | null; to: IsoDate | null },
  timeZone: string,
  now: Date | number = Date.now(),
): DatePreset | null {
  if (!range.from || !range.to) return null
  for (const preset of DATE_PRESETS) {
    const candidate = presetRange(preset, timeZone, now)
    if (candidate.from === range.from && candidate.to === range.to) return preset
  }
  return null
}

export const PRESET_LABELS: Record<DatePreset, MessageDescriptor> = {
  today: msg`Today`,
  last7: msg`Last 7 days`,
  last30: msg`Last 30 days`,
  last90: msg`Last 90 days`,
  thisMonth: msg`This month`,
}
