import * as v from 'valibot'
import { PaginationSchema } from '../../../contract/common'

// The portal's readers (`…Reader`) take the contract's fields (contract/) and loosen what spec section 7
// leaves open, since it shows most shapes only in part: unknown fields are dropped, identifiers are
// opaque strings, open enumerations keep values the portal does not know, a field the spec does not
// name is never required, and one unreadable item of a list is left out instead of failing the whole
// answer. What the portal sends has the contract's request types, unchanged.

/** A value of an open enumeration that this portal does not know: shown as its raw text, never granting anything. */
export type UnknownValue = string & v.Brand<'UnknownValue'>
/** An enumeration the spec leaves open: one of the known values, or an {@link UnknownValue}. */
export type Open<T extends string> = T | UnknownValue

/** Accepts the known values and keeps any other text as an {@link UnknownValue}. */
export function openPicklist<const T extends readonly string[]>(values: T) {
  return v.union([v.picklist(values), v.pipe(v.string(), v.brand('UnknownValue'))])
}

/** Whether an open enumeration's value is one of `values` (an unknown value never is). */
export function isKnown<const T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value)
}

type AbsentAsNull<TEntries extends v.ObjectEntries> = {
  [K in keyof TEntries]: TEntries[K] extends v.NullableSchema<v.GenericSchema, undefined>
    ? v.OptionalSchema<TEntries[K], null>
    : TEntries[K]
}

/**
 * The contract's `entries` with each nullable field also taken when absent, as null: a field that is null
 * while it has no value, a platform may as well leave out (the spec-minimal sandbox does), and its
 * absence says the same (CONTRACT section 3).
 */
export function absentAsNull<TEntries extends v.ObjectEntries>(entries: TEntries): AbsentAsNull<TEntries> {
  return Object.fromEntries(
    Object.entries(entries).map(([key, field]) => [
      key,
      field.type === 'nullable' ? v.optional(field, null) : field,
    ]),
  ) as AbsentAsNull<TEntries>
}

/**
 * A part of an answer the page does without when it must (a transaction's line items, its plan):
 * absent or unreadable, it reads as undefined and is not shown, and the rest of the answer still is.
 */
export function optionalPart<TSchema extends v.GenericSchema>(schema: TSchema) {
  return v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value): v.InferOutput<TSchema> | undefined => {
        const parsed = v.safeParse(schema, value)
        return parsed.success ? parsed.output : undefined
      }),
    ),
  )
}

/** Currency comes from the data: any ISO 4217 code. */
export const currencyCode = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/))

// ---------------------------------------------------------------------------------------------------
// Lists whose unreadable items are left out

/** Where an unreadable item was and what was wrong with it; never the values. */
export type UnreadableItem = string

let unreadableSink: UnreadableItem[] | undefined

/**
 * Runs a (synchronous) parse and returns what it gives together with the list items it had to leave
 * out, so the caller can log them once per answer.
 */
export function collectUnreadable<T>(parse: () => T): { result: T; unreadable: UnreadableItem[] } {
  const previous = unreadableSink
  const unreadable: UnreadableItem[] = []
  unreadableSink = unreadable
  try {
    return { result: parse(), unreadable }
  } finally {
    unreadableSink = previous
  }
}

function describeIssue(listPath: string, index: number, issue: v.BaseIssue<unknown>): UnreadableItem {
  const inner = v.getDotPath(issue)
  const where = `${listPath}.${index}${inner ? `.${inner}` : ''}`
  return issue.kind === 'schema' && issue.expected !== null
    ? `${where}: expected ${issue.expected}`
    : `${where}: failed ${issue.type} check`
}

/**
 * The readable items of `values`, how many were left out, and where they stood in `values` (0-based),
 * so that a caller for whom completeness matters (an export) can say which.
 */
export function readItems<TItem extends v.GenericSchema>(
  item: TItem,
  values: readonly unknown[],
  listPath: string,
): { items: v.InferOutput<TItem>[]; unreadable: number; unreadableAt: number[] } {
  const items: v.InferOutput<TItem>[] = []
  const unreadableAt: number[] = []
  let unreadable = 0
  values.forEach((value, index) => {
    const parsed = v.safeParse(item, value)
    if (parsed.success) {
      items.push(parsed.output)
      return
    }
    unreadable += 1
    unreadableAt.push(index)
    unreadableSink?.push(...parsed.issues.slice(0, 3).map((issue) => describeIssue(listPath, index, issue)))
  })
  return { items, unreadable, unreadableAt }
}

/**
 * An object of `entries` and `items`: unreadable items are left out, and `unreadable` says how many, so
 * the page can tell the user.
 */
export function withItems<TEntries extends v.ObjectEntries, TItem extends v.GenericSchema>(
  entries: TEntries,
  item: TItem,
  listPath = 'data.items',
) {
  return v.pipe(
    v.object({ ...entries, items: v.array(v.unknown()) }),
    // `items` is always an array here; TypeScript cannot see it through the generic entries.
    v.transform(({ items, ...rest }) => ({ ...rest, ...readItems(item, items as unknown[], listPath) })),
  )
}

/** A list inside an answer whose unreadable items are left out (logged, not counted). */
export function lenientArray<TItem extends v.GenericSchema>(item: TItem, listPath: string) {
  return v.pipe(
    v.array(v.unknown()),
    v.transform((values) => readItems(item, values, listPath).items),
  )
}

/** A page of items in the platform's `{ data: { items, pagination } }` envelope. */
export function pageReader<TItem extends v.GenericSchema>(item: TItem) {
  return v.object({ data: withItems({ pagination: PaginationSchema }, item) })
}

/**
 * The answer of a write the portal only needs to have succeeded: an empty body, a 204 or any shape
 * counts as done (the page refetches what it shows). What `schema` reads is kept when it fits.
 */
export function writeAnswer<TSchema extends v.GenericSchema>(schema: TSchema) {
  return v.pipe(
    v.unknown(),
    v.transform((value): v.InferOutput<TSchema> | undefined => {
      const parsed = v.safeParse(schema, value)
      return parsed.success ? parsed.output : undefined
    }),
  )
}
