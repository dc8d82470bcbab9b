import { ACTIVITY_MONEY_FIELDS, ACTIVITY_TIME_FIELDS } from '../../../../contract/activity'
import type { MerchantFormat } from '../../../shared/use-merchant-format'

const MONEY_FIELDS = new Map<string, readonly string[]>(Object.entries(ACTIVITY_MONEY_FIELDS))
const TIME_FIELDS = new Map<string, readonly string[]>(Object.entries(ACTIVITY_TIME_FIELDS))
/** Decimal text in major units, as the platform writes an amount in the log (`490.94`, `-12.5`). */
const AMOUNT = /^-?\d+(\.\d+)?$/
/** An ISO 8601 date-time with its offset, as the platform writes a moment in the log. */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

/** How the log shows a change's money and moments: the merchant's currency, and its time zone. */
export type ActivityFormat = Pick<MerchantFormat, 'money' | 'dateTime'>

/**
 * One side of a change as the log shows it: a money field's amount as money in the merchant's currency,
 * a moment as a date and time in the merchant's time zone; any other field, or a value in a form the
 * portal does not read, as the platform wrote it.
 */
export function activityValue(
  targetType: string,
  field: string,
  value: string,
  format: ActivityFormat,
): string {
  if (MONEY_FIELDS.get(targetType)?.includes(field) && AMOUNT.test(value)) {
    return format.money(Math.round(Number(value) * 100))
  }
  if (TIME_FIELDS.get(targetType)?.includes(field) && MOMENT.test(value)) {
    const moment = new Date(value)
    if (!Number.isNaN(moment.getTime())) return format.dateTime(moment)
  }
  return value
}
