import * as v from 'valibot'
import { localeSchema } from '../i18n/locales'
import { opaqueIdText } from '../shared/opaque-id'

export const MAX_PREVIOUS_MERCHANTS = 10
/** The most programs remembered for one merchant (see `knownPrograms`). */
export const MAX_KNOWN_PROGRAMS = 100
/** A merchant with more participations than this has its guard's facts read afresh at every page load. */
export const MAX_REMEMBERED_PARTICIPATIONS = 500
export const MAX_STORED_ALERTS = 20
export const MAX_DRAFTS = 20
/** The most a draft's values may take, as JSON text: a cart of many lines fits, a pasted file does not. */
export const MAX_DRAFT_CHARS = 32_000

const merchantId = opaqueIdText
const nonEmpty = v.pipe(v.string(), v.nonEmpty())
const timestamp = v.pipe(v.number(), v.integer(), v.minValue(0))

export const ALERT_STATUSES = ['INFO', 'ERROR', 'SUCCESS'] as const

export const storedAlertSchema = v.object({
  id: nonEmpty,
  status: v.picklist(ALERT_STATUSES),
  message: v.union([v.string(), v.array(v.string())]),
  /** Auto-hide after this many milliseconds; absent means the alert stays until dismissed. */
  duration: v.optional(v.pipe(v.number(), v.minValue(0))),
  createdAt: timestamp,
})

export const tokenEntrySchema = v.object({
  /** The portal token from the token exchange, sent as the bearer token on API calls. */
  token: nonEmpty,
  /** The identity provider's access token it was exchanged from, needed to exchange again for another merchant. */
  providerAccessToken: v.optional(nonEmpty),
  /** Epoch milliseconds when the entry was written. */
  storedAt: timestamp,
})

/** True for values that are JSON (no functions, no undefined) of at most MAX_DRAFT_CHARS characters. */
export function fitsInDraft(values: unknown): boolean {
  // JSON.stringify returns undefined for what has no JSON form (a function, such as an array's `values`).
  const json: string | undefined = JSON.stringify(values)
  return json !== undefined && json.length <= MAX_DRAFT_CHARS
}

/** What a form held when the session ended without a sign-out, for whoever signs in again to restore. */
export const storedDraftSchema = v.object({
  /** The portal token's `uid`: another user never sees it. */
  userId: nonEmpty,
  /** The merchant the token acted for. */
  merchantId: nonEmpty,
  /** Which form, and which record it edits (`cart:new`, `cart:edit:<id>`). */
  form: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
  /** As the form held them; each form checks them against its own schema when it reads them back. */
  values: v.pipe(v.unknown(), v.check(fitsInDraft, 'a draft must be JSON of at most MAX_DRAFT_CHARS')),
  savedAt: timestamp,
})

/** The most saved views one user keeps for one merchant. */
export const MAX_SAVED_VIEWS = 20
export const MAX_VIEW_NAME = 60

/**
 * A saved view of the transactions list. Its filters are kept as the address wrote them and read
 * liberally: what they mean is the page's search schema's to say when the view is opened, since a
 * status or program named then may be gone by now.
 */
export const savedViewSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/)),
  /** The portal token's `uid`: another user of the browser never sees it. */
  userId: nonEmpty,
  merchantId: nonEmpty,
  name: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(MAX_VIEW_NAME)),
  filters: v.record(
    v.pipe(v.string(), v.maxLength(40)),
    v.union([
      v.pipe(v.string(), v.maxLength(200)),
      v.number(),
      v.boolean(),
      v.array(v.pipe(v.string(), v.maxLength(100))),
    ]),
  ),
  isDefault: v.optional(v.boolean()),
  savedAt: timestamp,
})
export type SavedView = v.InferOutput<typeof savedViewSchema>

/**
 * Keeps the records that read as saved views, at most MAX_SAVED_VIEWS per user and merchant (the first
 * ones): one bad record is dropped alone rather than taking every view with it.
 */
function readSavedViews(records: unknown[]): SavedView[] {
  const counts = new Map<string, number>()
  return records.flatMap((record) => {
    const parsed = v.safeParse(savedViewSchema, record)
    if (!parsed.success) return []
    const owner = JSON.stringify([parsed.output.userId, parsed.output.merchantId])
    const count = counts.get(owner) ?? 0
    counts.set(owner, count + 1)
    return count < MAX_SAVED_VIEWS ? [parsed.output] : []
  })
}

export const SIGN_OUT_REASONS = ['user', 'idle'] as const

/** Every value the portal keeps in browser storage, with the schema it must pass when read back. */
export const storedValueSchemas = {
  adminToken: nonEmpty,
  token: tokenEntrySchema,
  /** Set by sign-out, removed by sign-in: renewals and exchanges begun before it write nothing back. */
  signedOut: v.object({ at: timestamp, reason: v.picklist(SIGN_OUT_REASONS) }),
  /** Epoch milliseconds of the user's last input in any tab, for the idle time-out. */
  lastActivity: timestamp,
  /** The page a timed-out tab was on, kept through the provider's sign-out for the next sign-in. */
  returnTo: v.pipe(v.string(), v.startsWith('/'), v.maxLength(2048)),
  selectedMerchantId: merchantId,
  /** merchant id → ids of the selected programs; a merchant without an entry has all selected. */
  programSelections: v.record(merchantId, v.array(nonEmpty)),
  /**
   * merchant id → its active programs when it was last opened in this browser (ids only), for the ten
   * merchants opened last: the guard asks for their details alongside the participations, which alone
   * say what counts now.
   */
  knownPrograms: v.record(merchantId, v.pipe(v.array(nonEmpty), v.maxLength(MAX_KNOWN_PROGRAMS))),
  /**
   * What the merchant guard last read for a user and merchant, for the next page load to start from
   * (src/guards/remembered-facts.ts, which reads each part with the API's readers); gone at sign-out.
   */
  guardFacts: v.object({
    userId: nonEmpty,
    tenantId: nonEmpty,
    merchantId,
    /** When the oldest of the facts was read from the platform. */
    readAt: timestamp,
    flags: v.record(v.string(), v.string()),
    tenant: v.unknown(),
    merchant: v.unknown(),
    participations: v.pipe(v.array(v.unknown()), v.maxLength(MAX_REMEMBERED_PARTICIPATIONS)),
    programs: v.pipe(v.array(v.unknown()), v.maxLength(MAX_KNOWN_PROGRAMS)),
    /** The merchant's time zone's name as the page showed it, in the language it was shown in. */
    zoneName: v.optional(
      v.object({
        timeZone: v.pipe(v.string(), v.nonEmpty(), v.maxLength(100)),
        locale: v.pipe(v.string(), v.nonEmpty(), v.maxLength(35)),
        name: v.pipe(v.string(), v.nonEmpty(), v.maxLength(100)),
      }),
    ),
  }),
  /** Most recent first, no repeats. */
  previousMerchants: v.pipe(
    v.array(merchantId),
    v.maxLength(MAX_PREVIOUS_MERCHANTS),
    v.check((ids) => new Set(ids).size === ids.length, 'merchant ids must be unique'),
  ),
  /** Alerts waiting to be shown, oldest first; the first is the one on screen. */
  alerts: v.pipe(v.array(storedAlertSchema), v.maxLength(MAX_STORED_ALERTS)),
  merchantChooserOpen: v.boolean(),
  /**
   * Idempotency keys of writes whose answer is not known yet, by what the write is (see
   * src/api/pending-writes.ts); this tab's only.
   */
  pendingWrites: v.pipe(
    v.record(
      v.pipe(v.string(), v.maxLength(300)),
      v.object({ key: v.pipe(v.string(), v.regex(/^[\w.:-]{1,255}$/)), at: timestamp }),
    ),
    v.check((entries) => Object.keys(entries).length <= 50, 'at most 50 pending writes'),
  ),
  /** Oldest first, at most one per user, merchant and form. */
  drafts: v.pipe(v.array(storedDraftSchema), v.maxLength(MAX_DRAFTS)),
  /** Saved views of the transactions list, for every user and merchant of this browser. */
  savedViews: v.pipe(v.array(v.unknown()), v.maxLength(2000), v.transform(readSavedViews)),
  /** The interface language the user picked. */
  locale: localeSchema,
} as const

export type StoredValues = {
  [K in keyof typeof storedValueSchemas]: v.InferOutput<(typeof storedValueSchemas)[K]>
}
export type StorageKey = keyof StoredValues
