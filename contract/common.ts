import * as v from 'valibot'

// Accepts what the platform sends: full ISO timestamps, and plain calendar dates for date-only fields.
const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))?$/

/** An ISO date string on the wire, a `Date` once parsed. */
export const isoDate = v.pipe(
  v.string(),
  v.regex(ISO_DATE_PATTERN, 'Expected an ISO date string'),
  v.check((value) => !Number.isNaN(Date.parse(value)), 'Expected a valid date'),
  v.transform((value) => new Date(value)),
)

/** An identifier: an opaque, non-empty string (the spec gives no format for merchant, program or user ids). */
export const opaqueId = v.pipe(v.string(), v.minLength(1))

export const PaginationSchema = v.object({
  offset: v.pipe(v.number(), v.integer(), v.minValue(0)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(0)),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type Pagination = v.InferOutput<typeof PaginationSchema>

/** The platform wraps every single-entity answer in `data`. */
/* @__NO_SIDE_EFFECTS__ */
export function dataOf<TSchema extends v.GenericSchema>(schema: TSchema) {
  return v.object({ data: schema })
}

/** A page of items in the platform's `{ data: { items, pagination } }` envelope. */
/* @__NO_SIDE_EFFECTS__ */
export function paged<TItem extends v.GenericSchema>(item: TItem) {
  return v.object({
    data: v.object({
      items: v.array(item),
      pagination: PaginationSchema,
    }),
  })
}
