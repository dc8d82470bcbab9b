import { ACTIVITY_MONEY_FIELDS } from '../../../../contract/activity'

const MONEY_FIELDS = new Map<string, readonly string[]>(Object.entries(ACTIVITY_MONEY_FIELDS))
/** Decimal text in major units, as the platform writes an amount in the log (`490.94`, `-12.5`). */
const AMOUNT = /^-?\d+(\.\d+)?$/

/**
 * One side of a change as the log shows it: a money field's amount as money in the merchant's currency
 * (`money` takes cents); any other field, or an amount in a form the portal does not read, as the
 * platform wrote it.
 */
export function activityValue(
  targetType: string,
  field: string,
  value: string,
  money: (cents: number) => string,
): string {
  if (!MONEY_FIELDS.get(targetType)?.includes(field) || !AMOUNT.test(value)) return value
  return money(Math.round(Number(value) * 100))
}
