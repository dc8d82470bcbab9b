import * as v from 'valibot'
import type { ActivityKind } from '../../../../contract/activity'
import { ACTIVITY_KINDS } from '../../../../contract/values'
import { isKnown } from '../../../api/schemas/common'
import { type IsoDate, parseIsoDate } from '../../../shared/calendar'

/** The views of user management besides the users themselves (`?view=activity`). */
export const USER_VIEWS = ['activity'] as const

export const ACTIVITY_PAGE_SIZE = 50

/** Kinds in the URL, as a list or comma-separated; a kind the portal does not know is dropped. */
const kindsParam = v.pipe(
  v.union([v.array(v.unknown()), v.string()]),
  v.transform((raw) => {
    const listed = Array.isArray(raw) ? raw : raw.split(',')
    const kinds = listed
      .map((kind) => (typeof kind === 'string' ? kind.trim() : ''))
      .filter((kind): kind is ActivityKind => isKnown(ACTIVITY_KINDS, kind))
    return kinds.length > 0 ? [...new Set(kinds)] : undefined
  }),
)

/** A calendar date (`yyyy-MM-dd`) in the URL; anything else is no date. */
const dateParam = v.pipe(
  v.string(),
  v.transform((raw) => parseIsoDate(raw) ?? undefined),
)

/** A user's id in the URL (the router reads an all-digit id as a number). */
const actorParam = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((raw) => String(raw).trim()),
  v.minLength(1),
  v.maxLength(100),
)

/** The activity view's part of user management's URL; each field falls back on its own. */
export const activitySearchEntries = {
  view: v.fallback(v.optional(v.picklist(USER_VIEWS)), undefined),
  actor: v.fallback(v.optional(actorParam), undefined),
  kind: v.fallback(v.optional(kindsParam), undefined),
  from: v.fallback(v.optional(dateParam), undefined),
  to: v.fallback(v.optional(dateParam), undefined),
}

export interface ActivitySearch {
  page: number
  actor?: string
  kind?: ActivityKind[]
  from?: IsoDate
  to?: IsoDate
}

/** What the activity list asks the platform for; also its query key's last part. */
export interface ActivityListParams {
  page: number
  pageSize: number
  actor: string | null
  kinds: ActivityKind[] | null
  /** Calendar dates in the merchant's time zone, both included. */
  from: IsoDate | null
  to: IsoDate | null
}

export function activityListParams(search: ActivitySearch): ActivityListParams {
  let from = search.from ?? null
  let to = search.to ?? null
  if (from && to && from > to) [from, to] = [to, from]
  return {
    page: search.page,
    pageSize: ACTIVITY_PAGE_SIZE,
    actor: search.actor ?? null,
    kinds: search.kind ?? null,
    from,
    to,
  }
}

export function hasActivityFilters(search: ActivitySearch): boolean {
  return (
    search.actor !== undefined ||
    search.kind !== undefined ||
    search.from !== undefined ||
    search.to !== undefined
  )
}
