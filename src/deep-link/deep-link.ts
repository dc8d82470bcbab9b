import * as v from 'valibot'
import { type DateRange, widenDeepLinkDate } from './deep-link-date'

/**
 * Deep links (CONTRACT section 4): `?isDeepLink=true&search=…&searchType=…&merchantID=…&date=…`.
 * This module is the one reader of the parameters that make a link a deep link; every caller (the
 * merchant step of the guard, the transaction filters, the merchant switch) goes through it.
 *
 * The rule:
 * - An address is a deep link if and only if `isDeepLink` is `true` (the router reads `?isDeepLink=true`
 *   as the boolean; the text `'true'` counts too). Without it, `merchantID` and `date` mean nothing:
 *   they neither choose a merchant nor narrow the dates, and the address drops them when rewritten.
 * - `merchantID` is an opaque identifier: text (or a number, as the router reads an all-digit value),
 *   trimmed, 1 to 100 characters, of no particular format. Anything else names no merchant; the link's
 *   filters still apply.
 * - `date` is one calendar day, `yyyy-MM-dd` or `MM/dd/yyyy`, widened to the day before through the day
 *   after (see deep-link-date.ts). Anything else adds no date range.
 * - `search` and `searchType` are the transaction page's ordinary filters under the same names: a deep
 *   link sets them by being opened, and they stay when the link is applied.
 *
 * A deep link is a one-shot command: once a signed-in tab has applied it, the address is replaced by
 * `settleDeepLink`, so that neither a reload nor another tab's token change applies it again.
 */

export interface DeepLink {
  /** The merchant the link names, or null when it names none usable. */
  merchantId: string | null
  /** The link's day widened to one day either side, as `MM/dd/yyyy`, or null without a usable day. */
  range: DateRange | null
}

/** The parameters only a deep link gives a meaning. */
type DeepLinkParam = 'isDeepLink' | 'merchantID' | 'date'

const MERCHANT_ID_MAX_LENGTH = 100

const merchantIdParam = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((value) => String(value).trim()),
  v.minLength(1),
  v.maxLength(MERCHANT_ID_MAX_LENGTH),
)

/**
 * The deep-link parameters in a route's search schema: each falls back to absent on its own, so a bad
 * value never costs the page. What they mean is `readDeepLink`'s to say.
 */
export const deepLinkSearchEntries = {
  isDeepLink: v.fallback(
    v.optional(v.union([v.boolean(), v.literal('true'), v.literal('false')])),
    undefined,
  ),
  merchantID: v.fallback(v.optional(merchantIdParam), undefined),
  date: v.fallback(v.optional(v.union([v.string(), v.number()])), undefined),
}

/** Whether the address is a deep link (see the rule above). */
export function isDeepLink(search: Record<string, unknown>): boolean {
  return search.isDeepLink === true || search.isDeepLink === 'true'
}

/** The deep link an address carries, or null when it is not one. */
export function readDeepLink(search: Record<string, unknown>): DeepLink | null {
  if (!isDeepLink(search)) return null
  const merchant = v.safeParse(merchantIdParam, search.merchantID)
  const date = search.date
  return {
    merchantId: merchant.success ? merchant.output : null,
    range: typeof date === 'string' ? widenDeepLinkDate(date.trim()) : null,
  }
}

/**
 * The address once its deep link is applied: the link's day as an ordinary `from`/`to` range (a range
 * the address names itself wins), `search` and `searchType` as they are, and `isDeepLink`, `merchantID`
 * and `date` gone. An address that is no deep link loses those three too: they meant nothing there.
 */
export function settleDeepLink<T extends Record<string, unknown>>(search: T): Omit<T, DeepLinkParam> {
  const { isDeepLink: _isDeepLink, merchantID: _merchantID, date: _date, ...rest } = search
  const range = readDeepLink(search)?.range
  if (!range) return rest
  return { ...rest, from: search.from ?? range.from, to: search.to ?? range.to }
}
