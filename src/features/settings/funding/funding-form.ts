import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import * as v from 'valibot'
import {
  FEE_HANDLING,
  type FeeHandling,
  FUNDING_FREQUENCIES,
  type FundingFrequency,
  type FundingSchedule,
  type FundingSettingsUpdate,
  STATEMENT_DESCRIPTOR_PATTERN,
  WEEKDAYS,
  type Weekday,
} from '../../../../contract/settings'
import type { FundingSettings } from '../../../api/schemas/settings'
import { typedText } from '../../../drafts/typed-text'
import { parseAmount, plainAmount } from '../../../shared/money'

export interface FundingValues {
  frequency: FundingFrequency
  /** Kept while another frequency is chosen, so switching back does not lose it. */
  weekday: Weekday
  dayOfMonth: string
  feeHandling: FeeHandling
  minimumPayout: string
  statementDescriptor: string
}

export function fundingValues(funding: FundingSettings): FundingValues {
  const { schedule, settlement } = funding
  return {
    frequency: schedule.frequency,
    weekday: schedule.frequency === 'WEEKLY' ? schedule.weekday : 'FRIDAY',
    dayOfMonth: schedule.frequency === 'MONTHLY' ? String(schedule.dayOfMonth) : '1',
    feeHandling: settlement.feeHandling,
    minimumPayout: plainAmount(settlement.minimumPayoutAmount),
    statementDescriptor: settlement.statementDescriptor,
  }
}

/** The saved values, compared without the parts of the schedule that are not in use. */
export function fundingSchema(i18n: I18n): v.GenericSchema<FundingValues, FundingSettingsUpdate> {
  return v.pipe(
    v.object({
      frequency: v.picklist(FUNDING_FREQUENCIES),
      weekday: v.picklist(WEEKDAYS),
      dayOfMonth: v.pipe(
        v.string(),
        v.regex(/^\d{1,2}$/, i18n._(msg`Choose a day from 1 to 28.`)),
        v.transform(Number),
        v.minValue(1, i18n._(msg`Choose a day from 1 to 28.`)),
        v.maxValue(28, i18n._(msg`Choose a day from 1 to 28.`)),
      ),
      feeHandling: v.picklist(FEE_HANDLING),
      minimumPayout: v.pipe(
        v.string(),
        v.transform(parseAmount),
        v.number(i18n._(msg`Enter an amount such as 25.00, or 0 for no minimum.`)),
        v.maxValue(10_000_000, i18n._(msg`The minimum payout can be at most 100,000.00.`)),
      ),
      statementDescriptor: v.pipe(
        v.string(),
        v.trim(),
        v.toUpperCase(),
        v.regex(
          STATEMENT_DESCRIPTOR_PATTERN,
          i18n._(msg`Use 5 to 22 letters, digits, spaces and . & * - only.`),
        ),
      ),
    }),
    v.transform(({ frequency, weekday, dayOfMonth, feeHandling, minimumPayout, statementDescriptor }) => {
      const schedule: FundingSchedule =
        frequency === 'DAILY'
          ? { frequency }
          : frequency === 'WEEKLY'
            ? { frequency, weekday }
            : { frequency, dayOfMonth }
      return {
        schedule,
        settlement: { feeHandling, minimumPayoutAmount: minimumPayout, statementDescriptor },
      }
    }),
  )
}

export const WEEKDAY_NAMES: Record<Weekday, MessageDescriptor> = {
  MONDAY: msg`Monday`,
  TUESDAY: msg`Tuesday`,
  WEDNESDAY: msg`Wednesday`,
  THURSDAY: msg`Thursday`,
  FRIDAY: msg`Friday`,
}

/** The schedule in a sentence: "Every business day", "Every Friday", "Monthly, on day 15". */
export function describeSchedule(schedule: FundingSchedule, i18n: I18n): string {
  switch (schedule.frequency) {
    case 'DAILY':
      return i18n._(msg`Every business day`)
    case 'WEEKLY': {
      const day = i18n._(WEEKDAY_NAMES[schedule.weekday])
      return i18n._(msg`Weekly, every ${day}`)
    }
    case 'MONTHLY': {
      const day = schedule.dayOfMonth
      return i18n._(msg`Monthly, on day ${day} of the month`)
    }
  }
}

/** The payout form's values as typed, for a draft kept across a sign-in (src/drafts). */
export const fundingDraftShape: v.GenericSchema<unknown, FundingValues> = v.strictObject({
  frequency: v.picklist(FUNDING_FREQUENCIES),
  weekday: v.picklist(WEEKDAYS),
  dayOfMonth: typedText,
  feeHandling: v.picklist(FEE_HANDLING),
  minimumPayout: typedText,
  statementDescriptor: typedText,
})
