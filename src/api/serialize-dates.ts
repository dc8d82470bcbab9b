export type SerializedDates<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? SerializedDates<U>[]
    : T extends Record<string, unknown>
      ? { [K in keyof T]: SerializedDates<T[K]> }
      : T

const MIDNIGHT_UTC_SUFFIX = 'T00:00:00.000Z'

// An invalid Date would otherwise reach the wire as `null` (that is what JSON.stringify makes of it),
// which a server may read as "no filter"; failing before the request is sent surfaces the bug instead.
export function serializeDate(date: Date, path = 'value'): string {
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid Date at ${path}`)
  const iso = date.toISOString()
  return iso.endsWith(MIDNIGHT_UTC_SUFFIX) ? iso.slice(0, -MIDNIGHT_UTC_SUFFIX.length) : iso
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

function walk(value: unknown, path: string, ancestors: Set<object>): unknown {
  if (value instanceof Date) return serializeDate(value, path)
  if (typeof value !== 'object' || value === null) return value
  const isArray = Array.isArray(value)
  if (!isArray && !isPlainObject(value)) return value
  if (ancestors.has(value)) throw new TypeError(`Cyclic value at ${path}`)
  ancestors.add(value)
  try {
    if (isArray) return value.map((item, index) => walk(item, `${path}[${index}]`, ancestors))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, walk(item, `${path}.${key}`, ancestors)]),
    )
  } finally {
    ancestors.delete(value)
  }
}

/**
 * Replaces every Date in plain objects and arrays (at any depth) with its ISO string, dropping a
 * midnight-UTC time so that calendar dates travel as `yyyy-MM-dd`. Other objects are left as they are.
 */
export function serializeDates<T>(value: T, path = 'value'): SerializedDates<T> {
  return walk(value, path, new Set()) as SerializedDates<T>
}
