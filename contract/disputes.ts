import * as v from 'valibot'
import { dataOf, isoDate, opaqueId } from './common'

/**
 * A dispute: the customer asked to have a settled payment taken back. A transaction carries at most
 * one. Its life:
 *
 * - NEEDS_RESPONSE: opened; the merchant may accept it or challenge it until `respondBy`. Once
 *   `respondBy` has passed it can no longer be answered, and the platform decides it (WON or LOST).
 * - ACCEPTED: the merchant accepted it: the disputed amount went back to the customer. Final.
 * - UNDER_REVIEW: the merchant challenged it with an explanation and evidence; the platform decides.
 * - WON: decided for the merchant: the money stays. LOST: decided for the customer: the disputed
 *   amount went back to the customer.
 *
 * While a dispute is NEEDS_RESPONSE or UNDER_REVIEW its transaction's status is DISPUTED (and it cannot
 * be refunded); once decided or accepted the transaction's status follows its amounts again. Money a
 * dispute returns counts in the transaction's `amounts.refunded` and shows on its timeline as a
 * REFUNDED event (by the accepting user, or by `platform` for a lost dispute).
 */
export const DISPUTE_STATUSES = ['NEEDS_RESPONSE', 'UNDER_REVIEW', 'WON', 'LOST', 'ACCEPTED'] as const
export const DisputeStatusSchema = v.picklist(DISPUTE_STATUSES)
export type DisputeStatus = v.InferOutput<typeof DisputeStatusSchema>

/** Why the customer disputes the payment: an open list (a newer platform may send others). */
export const DISPUTE_REASONS = [
  'FRAUDULENT',
  'PRODUCT_NOT_RECEIVED',
  'PRODUCT_UNACCEPTABLE',
  'DUPLICATE',
  'CREDIT_NOT_PROCESSED',
  'UNRECOGNIZED',
  'GENERAL',
] as const
export const DisputeReasonSchema = v.picklist(DISPUTE_REASONS)
export type DisputeReason = v.InferOutput<typeof DisputeReasonSchema>

/** What happened to a dispute: an open list, oldest first on its timeline. */
export const DISPUTE_EVENT_TYPES = ['OPENED', 'ACCEPTED', 'CHALLENGED', 'WON', 'LOST'] as const
export const DisputeEventTypeSchema = v.picklist(DISPUTE_EVENT_TYPES)
export type DisputeEventType = v.InferOutput<typeof DisputeEventTypeSchema>

/** The kinds of evidence file the platform takes, known by their first bytes, not by their name. */
export const EVIDENCE_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const
export const EvidenceContentTypeSchema = v.picklist(EVIDENCE_CONTENT_TYPES)
export type EvidenceContentType = v.InferOutput<typeof EvidenceContentTypeSchema>

/** The multipart/form-data part an evidence upload carries its file in. */
export const EVIDENCE_FILE_FIELD = 'file'

/** What a challenge may carry; the platform checks each again, whatever the browser checked. */
export const DISPUTE_LIMITS = {
  /** Evidence files per challenge (none is allowed). */
  files: 5,
  /** Bytes per evidence file: 5 MiB (5 242 880). */
  fileBytes: 5 * 1024 * 1024,
  /**
   * The explanation's length in UTF-16 code units, as JavaScript's `length` and a textarea's
   * `maxlength` count; it must also have a character that is not white space.
   */
  explanation: 5_000,
} as const

/** Error codes of the dispute calls (and of a refund refused during a dispute), besides the general ones. */
export const DISPUTE_ERROR_CODES = {
  /** 404: the transaction carries no dispute. */
  notFound: 'dispute_not_found',
  /** 409: `respondBy` has passed; the dispute can no longer be answered. */
  deadlinePassed: 'dispute_deadline_passed',
  /** 409: the dispute was accepted already (a second accept, or a challenge after it). */
  alreadyAccepted: 'dispute_already_accepted',
  /** 409: the dispute was challenged already (a second challenge, or an accept after it). */
  alreadyChallenged: 'dispute_already_challenged',
  /** 409: the dispute was decided (WON or LOST). */
  decided: 'dispute_decided',
  /** 409 on refund: the transaction's dispute is open (NEEDS_RESPONSE or UNDER_REVIEW). */
  transactionDisputed: 'transaction_disputed',
  /** 400: the upload is not multipart/form-data with one file in a part named `file`. */
  fileRequired: 'evidence_file_required',
  /** 413: the file is larger than DISPUTE_LIMITS.fileBytes (the request, larger than a file may make it). */
  fileTooLarge: 'evidence_file_too_large',
  /** 415: the file's content is not a PDF, PNG or JPEG, whatever its name or declared type. */
  unsupportedType: 'evidence_file_type_unsupported',
  /** 422: the file is empty. */
  emptyFile: 'evidence_file_empty',
  /** 422: the explanation is missing or only white space. */
  explanationRequired: 'explanation_required',
  /** 422: the explanation is longer than DISPUTE_LIMITS.explanation. */
  explanationTooLong: 'explanation_too_long',
  /** 422: more evidence files than DISPUTE_LIMITS.files, or one named twice. */
  tooManyFiles: 'too_many_evidence_files',
  /** 422: an evidence id that was not uploaded to this dispute (`details.evidenceIDs` names them). */
  evidenceNotFound: 'evidence_not_found',
} as const

/** Money travels as integer cents of the transaction's currency. */
const cents = v.pipe(v.number(), v.integer(), v.minValue(0))

/** A dispute as a row of the transaction list carries it: enough to know what needs action by when. */
export const DisputeSummarySchema = v.object({
  reason: DisputeReasonSchema,
  /** The disputed amount, in cents: at most what was settled and not refunded when it opened. */
  amount: v.pipe(cents, v.minValue(1)),
  openedAt: isoDate,
  /** The instant by which the merchant must accept or challenge it. */
  respondBy: isoDate,
  status: DisputeStatusSchema,
})
export type DisputeSummary = v.InferOutput<typeof DisputeSummarySchema>

export const DisputeEventSchema = v.object({
  at: isoDate,
  type: DisputeEventTypeSchema,
  /** Who acted: a user's email, the customer or the platform. */
  actor: v.string(),
})
export type DisputeEvent = v.InferOutput<typeof DisputeEventSchema>

/** One evidence file as the platform keeps it: its type is what its content is. */
export const EvidenceFileSchema = v.object({
  id: opaqueId,
  /** The name the file was uploaded under. */
  fileName: v.string(),
  contentType: EvidenceContentTypeSchema,
  size: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(DISPUTE_LIMITS.fileBytes)),
  uploadedAt: isoDate,
})
export type EvidenceFile = v.InferOutput<typeof EvidenceFileSchema>

/** What the merchant sent with a challenge. */
export const DisputeChallengeSchema = v.object({
  submittedAt: isoDate,
  explanation: v.string(),
  evidence: v.array(EvidenceFileSchema),
})
export type DisputeChallenge = v.InferOutput<typeof DisputeChallengeSchema>

/** A dispute as the transaction's detail carries it. */
export const DisputeSchema = v.object({
  ...DisputeSummarySchema.entries,
  /** The dispute's story, oldest first; it starts with OPENED. */
  timeline: v.array(DisputeEventSchema),
  /** Once challenged: what the merchant sent. Optional: a platform may leave it out. */
  challenge: v.optional(DisputeChallengeSchema),
})
export type Dispute = v.InferOutput<typeof DisputeSchema>

/**
 * POST /api/transactions/{id}/dispute/evidence answers 201 with the stored file; its `id` goes into a
 * challenge. An uploaded file stays with the dispute until the dispute is answered, so a challenge
 * refused for its explanation can be sent again with the same ids.
 */
export const EvidenceResponseSchema = dataOf(EvidenceFileSchema)

/** Body of POST /api/transactions/{id}/dispute/challenge. */
export const DisputeChallengeBodySchema = v.object({
  explanation: v.pipe(
    v.string(),
    v.check((text) => text.trim() !== '', 'An explanation is required.'),
    v.maxLength(DISPUTE_LIMITS.explanation),
  ),
  /** Ids of files uploaded to this dispute: none to DISPUTE_LIMITS.files, each once. */
  evidenceIDs: v.pipe(
    v.array(opaqueId),
    v.maxLength(DISPUTE_LIMITS.files),
    v.check((ids) => new Set(ids).size === ids.length, 'Each evidence file is named once.'),
  ),
})
export type DisputeChallengeBody = v.InferOutput<typeof DisputeChallengeBodySchema>
