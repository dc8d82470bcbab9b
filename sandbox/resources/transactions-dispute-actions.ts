import { DISPUTE_ERROR_CODES, DISPUTE_LIMITS, type EvidenceContentType } from '../../contract/disputes'
import {
  type DisputeRecord,
  deadlinePassed,
  type EvidenceRecord,
  settledStatus,
} from './transactions-disputes'
import type { Refusal } from './transactions-http'
import type { MerchantLedger, TransactionRecord } from './transactions-ledger'
import { sortKeysChanged } from './transactions-list'

/*
 * Answering a dispute as the platform does: accept (refund the disputed amount), upload evidence,
 * challenge. Each checks again what the browser checked, and refuses in the words a merchant reads.
 */

const day = (at: number) => new Date(at).toISOString().slice(0, 10)

/** The transaction's dispute if it can still be answered, else why not (404 or 409). */
function answerable(record: TransactionRecord, now: number): DisputeRecord | Refusal {
  const { dispute } = record
  if (!dispute) {
    return {
      status: 404,
      code: DISPUTE_ERROR_CODES.notFound,
      message: `Transaction ${record.id} has no dispute.`,
    }
  }
  const last = dispute.events.at(-1)?.at ?? dispute.openedAt
  switch (dispute.status) {
    case 'ACCEPTED':
      return {
        status: 409,
        code: DISPUTE_ERROR_CODES.alreadyAccepted,
        message: `This dispute was accepted on ${day(last)} and its amount refunded; it cannot be answered again.`,
      }
    case 'UNDER_REVIEW':
      return {
        status: 409,
        code: DISPUTE_ERROR_CODES.alreadyChallenged,
        message: `This dispute was challenged on ${day(last)} and is under review; it cannot be answered again.`,
      }
    case 'WON':
    case 'LOST':
      return {
        status: 409,
        code: DISPUTE_ERROR_CODES.decided,
        message: `This dispute was decided on ${day(last)} (${dispute.status === 'WON' ? 'won' : 'lost'}); it can no longer be answered.`,
      }
    case 'NEEDS_RESPONSE':
      if (!deadlinePassed(dispute, now)) return dispute
      return {
        status: 409,
        code: DISPUTE_ERROR_CODES.deadlinePassed,
        message: `The time to answer this dispute ran out on ${new Date(dispute.respondBy).toISOString()}; the platform decides it now.`,
      }
  }
}

const isRefusal = (value: DisputeRecord | Refusal): value is Refusal => 'code' in value

/** Accepts the dispute: its amount goes back to the customer as a refund. Null when done. */
export function acceptDispute(
  ledger: MerchantLedger,
  record: TransactionRecord,
  actor: string,
  now: number,
): Refusal | null {
  const dispute = answerable(record, now)
  if (isRefusal(dispute)) return dispute
  const amount = Math.min(dispute.amount, record.remaining)
  dispute.status = 'ACCEPTED'
  dispute.events.push({ at: now, type: 'ACCEPTED', actor })
  dispute.uploads = []
  record.refunded += amount
  record.remaining -= amount
  record.status = settledStatus(record)
  record.actions ??= []
  record.actions.push({ at: now, type: 'REFUNDED', amount, actor })
  sortKeysChanged(ledger)
  return null
}

/** What a file is by its first bytes (never by its name or the type it was sent as). */
export function sniffContentType(bytes: Uint8Array): EvidenceContentType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte)
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf' // %PDF-
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  return null
}

/** The name a browser gave the file, without any folder a browser of old put before it. */
function baseName(name: string): string {
  const base = name.split(/[\\/]/).at(-1)?.trim() ?? ''
  return base === '' ? 'evidence' : base.slice(0, 255)
}

/** Keeps an uploaded file with the dispute, for a challenge to name; or refuses it. */
export function addEvidence(
  record: TransactionRecord,
  file: { name: string; bytes: Uint8Array },
  id: string,
  now: number,
): EvidenceRecord | Refusal {
  const dispute = answerable(record, now)
  if (isRefusal(dispute)) return dispute
  const size = file.bytes.byteLength
  if (size > DISPUTE_LIMITS.fileBytes) {
    return {
      status: 413,
      code: DISPUTE_ERROR_CODES.fileTooLarge,
      message: `The file is ${size} bytes; an evidence file may have at most ${DISPUTE_LIMITS.fileBytes} (5 MB).`,
    }
  }
  if (size === 0) {
    return { status: 422, code: DISPUTE_ERROR_CODES.emptyFile, message: 'The file is empty.' }
  }
  const contentType = sniffContentType(file.bytes)
  if (!contentType) {
    return {
      status: 415,
      code: DISPUTE_ERROR_CODES.unsupportedType,
      message: 'The file is not a PDF, PNG or JPEG (judged by its content, not its name).',
    }
  }
  const evidence: EvidenceRecord = { id, fileName: baseName(file.name), contentType, size, uploadedAt: now }
  dispute.uploads.push(evidence)
  return evidence
}

/** Challenges the dispute with an explanation and uploaded files; null when done. */
export function challengeDispute(
  ledger: MerchantLedger,
  record: TransactionRecord,
  body: { explanation: string; evidenceIDs: readonly string[] },
  actor: string,
  now: number,
): Refusal | null {
  const dispute = answerable(record, now)
  if (isRefusal(dispute)) return dispute
  const { explanation, evidenceIDs } = body
  if (explanation.trim() === '') {
    return {
      status: 422,
      code: DISPUTE_ERROR_CODES.explanationRequired,
      message: 'Explain why the dispute should be decided for you.',
    }
  }
  if (explanation.length > DISPUTE_LIMITS.explanation) {
    return {
      status: 422,
      code: DISPUTE_ERROR_CODES.explanationTooLong,
      message: `The explanation has ${explanation.length} characters; at most ${DISPUTE_LIMITS.explanation} are allowed.`,
    }
  }
  if (evidenceIDs.length > DISPUTE_LIMITS.files || new Set(evidenceIDs).size !== evidenceIDs.length) {
    return {
      status: 422,
      code: DISPUTE_ERROR_CODES.tooManyFiles,
      message: `A challenge carries at most ${DISPUTE_LIMITS.files} evidence files, each once.`,
    }
  }
  const evidence = evidenceIDs.map((id) => dispute.uploads.find((upload) => upload.id === id))
  const unknown = evidenceIDs.filter((_, index) => evidence[index] === undefined)
  if (unknown.length > 0) {
    return {
      status: 422,
      code: DISPUTE_ERROR_CODES.evidenceNotFound,
      message: 'Some evidence files were not uploaded to this dispute; upload them again.',
      details: { evidenceIDs: unknown },
    }
  }
  dispute.status = 'UNDER_REVIEW'
  dispute.challenge = {
    submittedAt: now,
    explanation,
    evidence: evidence.filter((file): file is EvidenceRecord => file !== undefined),
  }
  dispute.uploads = []
  dispute.events.push({ at: now, type: 'CHALLENGED', actor })
  sortKeysChanged(ledger)
  return null
}
