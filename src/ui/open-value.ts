import type { I18n, MessageDescriptor } from '@lingui/core'
import type { Open } from '../api/schemas/common'

/** The colour of a value the portal does not know: a neutral badge. */
export const UNKNOWN_VALUE_COLOR = 'gray'

/** What `record` holds for a value of an open enumeration; undefined for a value the portal does not know. */
export function knownEntry<T extends string, V>(
  record: Readonly<Record<T, V>>,
  value: Open<T>,
): V | undefined {
  return Object.hasOwn(record, value) ? record[value as T] : undefined
}

/** A value's translated label, or its raw text when the portal does not know it. */
export function openLabel<T extends string>(
  i18n: I18n,
  labels: Readonly<Record<T, MessageDescriptor>>,
  value: Open<T>,
): string {
  const label = knownEntry(labels, value)
  return label ? i18n._(label) : value
}

/** A value's badge colour, or the neutral one when the portal does not know it. */
export function openColor<T extends string>(colors: Readonly<Record<T, string>>, value: Open<T>): string {
  return knownEntry(colors, value) ?? UNKNOWN_VALUE_COLOR
}
