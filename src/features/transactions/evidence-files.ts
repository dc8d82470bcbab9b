import { DISPUTE_LIMITS } from '../../../contract/disputes'

/** Why a chosen file cannot go with a challenge, found before anything is sent. */
export type FileProblem = 'empty' | 'tooLarge' | 'wrongType'

/** The first bytes of the kinds of file the platform takes: it judges a file by them, not by its name. */
const SIGNATURES: readonly (readonly number[])[] = [
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
  [0xff, 0xd8, 0xff], // JPEG
]
const SIGNATURE_BYTES = Math.max(...SIGNATURES.map((signature) => signature.length))

/** The names and types a file picker offers first (a hint only: the bytes decide). */
export const EVIDENCE_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg'

/** What the platform would refuse in a file, checked the same way: its size, then its first bytes. */
export async function evidenceFileProblem(file: Blob): Promise<FileProblem | null> {
  if (file.size === 0) return 'empty'
  if (file.size > DISPUTE_LIMITS.fileBytes) return 'tooLarge'
  const start = new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer())
  const known = SIGNATURES.some((signature) => signature.every((byte, index) => start[index] === byte))
  return known ? null : 'wrongType'
}
