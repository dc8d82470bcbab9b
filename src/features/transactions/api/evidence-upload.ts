import { EVIDENCE_FILE_FIELD } from '../../../../contract/disputes'
import type { ApiClient } from '../../../api/client'
import { pendingWrites } from '../../../api/pending-writes'
import { EvidenceResponseReader } from '../../../api/schemas/transactions'
import { type UploadProgress, uploadFetch } from '../../../api/upload-fetch'
import type { TypedStorage } from '../../../storage/storage'

/** A 5 MB file over a slow phone link takes minutes, not the 30 s a call may take. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000

/**
 * Uploads one evidence file for a transaction's dispute and gives its id for the challenge. The same
 * file (by name, size and time of change) carries one idempotency key until its outcome is known, so
 * an upload whose answer was lost, retried, is kept once.
 */
export async function uploadEvidence(
  { api, storage }: { api: ApiClient; storage: Pick<TypedStorage, 'get' | 'set'> },
  { merchantId, id, file }: { merchantId: string; id: string; file: File },
  onProgress: UploadProgress,
): Promise<string> {
  const fingerprint = `${merchantId}:tx:${id}:evidence:${file.name}:${file.size}:${file.lastModified}`
  return pendingWrites(storage).run(fingerprint, async (key) => {
    const form = new FormData()
    form.append(EVIDENCE_FILE_FIELD, file, file.name)
    const answer = await api.request(
      EvidenceResponseReader,
      `/api/transactions/${encodeURIComponent(id)}/dispute/evidence`,
      {
        method: 'POST',
        body: form,
        headers: { 'Idempotency-Key': key },
        fetch: uploadFetch(onProgress),
        timeoutMs: UPLOAD_TIMEOUT_MS,
      },
    )
    return answer.data.id
  })
}
