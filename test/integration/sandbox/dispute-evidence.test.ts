// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DISPUTE_ERROR_CODES, DISPUTE_LIMITS, EvidenceResponseSchema } from '../../../contract/disputes'
import { MERCHANT_IDS } from '../../../sandbox/data/ids'
import { fileSandbox } from '../../support/sandbox'
import {
  errorOf,
  fileOf,
  readSeededDisputesFirst,
  seededDispute,
  transactionsClient,
} from './transactions-client'

// Uploading evidence for a challenge (disputes.test.ts answers disputes with it).

const ACME = MERCHANT_IDS.acme
readSeededDisputesFirst()
const sandbox = fileSandbox()
const { key, upload, call } = transactionsClient(() => sandbox.apiUrl)
let owner: string

beforeAll(async () => {
  owner = (await sandbox.control.session('owner@acme.test')).portalToken
})
beforeEach(() => {
  sandbox.reset()
})

const pdf = (size = 2_000, name = 'receipt.pdf') => ({
  bytes: fileOf('pdf', size),
  name,
  type: 'application/pdf',
})

describe('evidence files', () => {
  it('takes a PDF, PNG or JPEG up to 5 MB, judged by its first bytes', async () => {
    const { id } = seededDispute(ACME, 'NEEDS_RESPONSE')
    const largest = await upload(owner, id, pdf(DISPUTE_LIMITS.fileBytes, 'C:\\fakepath\\scan.pdf'))
    expect(largest.status).toBe(201)
    expect(v.parse(EvidenceResponseSchema, await largest.json()).data).toMatchObject({
      fileName: 'scan.pdf',
      contentType: 'application/pdf',
      size: DISPUTE_LIMITS.fileBytes,
    })
    // A photo named as a PDF is kept as what it is.
    const photo = await upload(owner, id, {
      bytes: fileOf('png', 300),
      name: 'photo.pdf',
      type: 'application/pdf',
    })
    expect(v.parse(EvidenceResponseSchema, await photo.json()).data.contentType).toBe('image/png')
    const jpeg = await upload(owner, id, { bytes: fileOf('jpeg', 300), name: 'a.jpg', type: 'image/jpeg' })
    expect(v.parse(EvidenceResponseSchema, await jpeg.json()).data.contentType).toBe('image/jpeg')
  })

  it.each([
    ['a byte over 5 MB', pdf(DISPUTE_LIMITS.fileBytes + 1), 413, DISPUTE_ERROR_CODES.fileTooLarge],
    [
      'far over 5 MB (refused before it is read)',
      pdf(8 * 1024 * 1024),
      413,
      DISPUTE_ERROR_CODES.fileTooLarge,
    ],
    [
      'text named .pdf',
      { bytes: fileOf('text', 500), name: 'receipt.pdf', type: 'application/pdf' },
      415,
      DISPUTE_ERROR_CODES.unsupportedType,
    ],
    ['empty', pdf(0), 422, DISPUTE_ERROR_CODES.emptyFile],
  ])('refuses a file %s', async (_what, file, status, code) => {
    const { id } = seededDispute(ACME, 'NEEDS_RESPONSE')
    const response = await upload(owner, id, file)
    expect(response.status).toBe(status)
    expect((await errorOf(response)).code).toBe(code)
  })

  it('refuses a request far over the limit before reading it, whatever it is sent to', async () => {
    const response = await upload(owner, 'TX-NOPE0000', pdf(8 * 1024 * 1024))
    expect(response.status).toBe(413)
    expect((await errorOf(response)).code).toBe(DISPUTE_ERROR_CODES.fileTooLarge)
    // The unread rest would fill the socket: the next request takes another (it failed when it did not).
    expect(response.headers.get('connection')).toBe('close')
    const { id } = seededDispute(ACME, 'NEEDS_RESPONSE')
    expect((await upload(owner, id, pdf(0))).status).toBe(422)
  })

  it('refuses an upload without a file part', async () => {
    const { id } = seededDispute(ACME, 'NEEDS_RESPONSE')
    const response = await call(`/api/transactions/${id}/dispute/evidence`, owner, {
      method: 'POST',
      body: {},
      key: key(),
    })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).code).toBe(DISPUTE_ERROR_CODES.fileRequired)
  })

  it('stores a file once for one key, however often a browser sends it, and refuses the key for another file', async () => {
    const { id } = seededDispute(ACME, 'NEEDS_RESPONSE')
    const uploadKey = key()
    const first = await upload(owner, id, pdf(4_000), uploadKey)
    const again = await upload(owner, id, pdf(4_000), uploadKey)
    const answers = [await first.clone().text(), await again.clone().text()]
    expect([first.status, again.status], answers.join('\n')).toEqual([201, 201])
    expect(again.headers.get('Idempotent-Replayed'), answers.join('\n')).toBe('true')
    expect(await again.json()).toEqual(await first.json())
    const other = await upload(owner, id, pdf(4_001), uploadKey)
    expect(other.status).toBe(409)
    expect((await errorOf(other)).code).toBe('idempotency_key_reused')
  })
})
