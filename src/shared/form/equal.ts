/** Structural equality for form values: plain objects, arrays and primitives (what forms hold). */
export function isEqualValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => isEqualValue(item, b[index]))
  }
  const left = Object.entries(a)
  const right = b as Record<string, unknown>
  return (
    left.length === Object.keys(right).length &&
    left.every(([key, value]) => key in right && isEqualValue(value, right[key]))
  )
}
