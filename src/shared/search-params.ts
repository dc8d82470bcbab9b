import * as v from 'valibot'

/**
 * A search term in the URL. The router reads `?search=123` as the number 123, so numbers become text;
 * blank counts as no search.
 */
export const searchTextParam = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((value) => String(value).trim()),
  v.maxLength(200),
  v.transform((value) => (value === '' ? undefined : value)),
)

/** A 1-based page number in the URL, as a number or its text. */
export const pageParam = v.pipe(
  v.union([v.number(), v.string()]),
  v.transform(Number),
  v.number(),
  v.integer(),
  v.minValue(1),
  v.maxValue(100_000),
)

/**
 * One of `values` in the URL, read whatever its case (`?status=open` is `OPEN`) and given back in the
 * values' own (canonical) spelling, which is also how links and navigations write it.
 */
export function urlPicklist<const T extends readonly string[]>(values: T) {
  return v.pipe(
    v.string(),
    v.transform((raw) => values.find((value) => value.toLowerCase() === raw.trim().toLowerCase()) ?? raw),
    v.picklist(values),
  )
}
