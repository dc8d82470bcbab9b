// @vitest-environment node
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { ErrorBodySchema } from '../../../contract/error'
import {
  type TargetingExport,
  TargetingExportFileSchema,
  TargetingExportPageSchema,
  TargetingExportResponseSchema,
} from '../../../contract/targeting-exports'
import { TransactionPageSchema } from '../../../contract/transactions'
import { createControl } from '../../../sandbox/control'
import { MERCHANT_IDS, PROGRAM_IDS } from '../../../sandbox/data/ids'
import { EXPORT_CSV_HEADER, hasOptedIn } from '../../../sandbox/resources/targeting-exports-file'
import { addDays, type IsoDate, todayIn } from '../../../src/shared/calendar'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'

const ACME = MERCHANT_IDS.acme
const ZONE = 'America/Denver'
// Short runs, so the whole lifecycle fits in a test; restored afterwards for other files in this worker.
const RUN_MS = 600
const previousRunMs = process.env.SANDBOX_EXPORT_MS

const sandbox = fileSandbox()
let owner: string

beforeAll(async () => {
  process.env.SANDBOX_EXPORT_MS = String(RUN_MS)
  owner = (await createControl(sandbox.apiUrl).session('owner@acme.test')).portalToken
})
afterAll(async () => {
  if (previousRunMs === undefined) delete process.env.SANDBOX_EXPORT_MS
  else process.env.SANDBOX_EXPORT_MS = previousRunMs
})

function call(path: string, token = owner, init: { method?: string; body?: unknown; accept?: string } = {}) {
  return fetch(`${sandbox.apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: apiHeaders(token, init.accept ? { Accept: init.accept } : {}),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

function request(body: Record<string, unknown>, token = owner) {
  return call('/api/targeting-exports', token, {
    method: 'POST',
    body: { merchantID: ACME, programID: PROGRAM_IDS.acmeEcomm, ...body },
  })
}

async function job(id: string): Promise<TargetingExport> {
  const response = await call(`/api/targeting-exports/${id}`)
  expect(response.status).toBe(200)
  return v.parse(TargetingExportResponseSchema, await response.json()).data
}

async function errorCode(response: Response) {
  return v.parse(ErrorBodySchema, await response.json()).error.code
}

const iso = (date: Date) => date.toISOString().slice(0, 10)

describe('targeting exports', () => {
  it('keeps a history of past exports, newest first, READY ones with their size and a FAILED one with why', async () => {
    const response = await call(`/api/targeting-exports?merchantID.eq=${ACME}`)
    expect(response.status).toBe(200)
    const { items, pagination } = v.parse(TargetingExportPageSchema, await response.json()).data
    expect(pagination.total).toBe(items.length)
    expect(items.length).toBeGreaterThanOrEqual(5)
    const created = items.map((item) => item.createdAt.getTime())
    expect(created).toEqual([...created].sort((a, b) => b - a))
    const ready = items.filter((item) => item.status === 'READY')
    const failed = items.filter((item) => item.status === 'FAILED')
    expect(ready.length).toBeGreaterThan(0)
    expect(ready.every((item) => item.progress === 100 && (item.rowCount ?? 0) > 0)).toBe(true)
    expect(failed).toHaveLength(1)
    expect(failed[0]?.failureReason).toMatch(/Request it again/)
    expect(failed[0]?.rowCount).toBeNull()
    const file = await call(`/api/targeting-exports/${failed[0]?.id}/download`)
    expect(file.status).toBe(409)
    expect(await errorCode(file)).toBe('export_not_ready')
  })

  it('runs from QUEUED through RUNNING to READY, then hands over the file of opted-in customers', async () => {
    // The sandbox works a job's state out from the clock when it is read: the test moves the clock
    // (Date only; the servers' own timers run as ever) rather than waiting for the run.
    vi.useFakeTimers({ toFake: ['Date'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const createdAt = Date.now()
    const to = addDays(todayIn(ZONE), -1)
    const from = addDays(to, -29)
    const created = await request({ from, to })
    expect(created.status).toBe(201)
    const queued = v.parse(TargetingExportResponseSchema, await created.json()).data
    expect(queued).toMatchObject({
      status: 'QUEUED',
      progress: 0,
      rowCount: null,
      requestedBy: 'owner@acme.test',
    })
    expect([iso(queued.from), iso(queued.to)]).toEqual([from, to])
    const early = await call(`/api/targeting-exports/${queued.id}/download`)
    expect(early.status).toBe(409)

    // A tenth of the run at a time: queued for its first fifth, then running, then ready.
    const seen: TargetingExport[] = []
    for (let tenth = 0; tenth <= 10; tenth++) {
      vi.setSystemTime(createdAt + (tenth * RUN_MS) / 10)
      seen.push(await job(queued.id))
    }
    expect(seen.map((item) => item.status)).toEqual([
      ...Array<string>(2).fill('QUEUED'),
      ...Array<string>(8).fill('RUNNING'),
      'READY',
    ])
    const running = seen.filter((item) => item.status === 'RUNNING')
    expect(running.every((item) => item.progress > 0 && item.progress < 100)).toBe(true)
    const progress = seen.map((item) => item.progress)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
    expect(new Set(progress).size).toBe(progress.length - 1)
    const ready = seen.at(-1)
    expect(ready).toMatchObject({ status: 'READY', progress: 100 })
    expect(ready?.completedAt).toBeInstanceOf(Date)

    const response = await call(`/api/targeting-exports/${queued.id}/download`)
    expect(response.status).toBe(200)
    const file = v.parse(TargetingExportFileSchema, await response.json()).data
    expect(file.fileName).toBe(`targeting-export-${from}-to-${to}-${queued.id.slice(0, 8)}.csv`)
    expect(file.rowCount).toBe(ready?.rowCount)
    const lines = file.content.split('\r\n')
    expect(lines[0]).toBe(EXPORT_CSV_HEADER.join(','))
    expect(lines.at(-1)).toBe('')
    const rows = lines.slice(1, -1).map((line) => line.split(','))
    expect(rows).toHaveLength(file.rowCount)
    expect(file.rowCount).toBeGreaterThan(50)
    const emails = rows.map((row) => row[2] ?? '')
    expect(new Set(emails).size).toBe(rows.length)
    for (const row of rows) {
      expect(hasOptedIn(ACME, row[2] ?? '')).toBe(true)
      expect(row[3]).toBe(PROGRAM_IDS.acmeEcomm)
      // Dates are the merchant's calendar dates inside the range.
      expect((row[6] ?? '') >= from && (row[7] ?? '') <= to && (row[6] ?? '') <= (row[7] ?? '')).toBe(true)
      expect(row[9]).toBe(ZONE)
    }

    // Every customer in the file really bought through the program in the range.
    const [email = ''] = emails
    const params = new URLSearchParams({
      'merchantID.eq': ACME,
      search: email,
      searchType: 'CustomerEmail',
      programID: PROGRAM_IDS.acmeEcomm,
      from,
      to,
    })
    const bought = v.parse(
      TransactionPageSchema,
      await (await call(`/api/transactions?${params}`)).json(),
    ).data
    expect(bought.items.some((item) => item.customer.email === email && item.status !== 'DECLINED')).toBe(
      true,
    )

    // A client asking for CSV gets the file itself.
    const raw = await call(`/api/targeting-exports/${queued.id}/download`, owner, { accept: 'text/csv' })
    expect(raw.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(raw.headers.get('content-disposition')).toBe(`attachment; filename="${file.fileName}"`)
    expect(await raw.text()).toBe(file.content)

    // The new export leads the history.
    const history = v.parse(
      TargetingExportPageSchema,
      await (await call(`/api/targeting-exports?merchantID.eq=${ACME}&limit=1`)).json(),
    ).data
    expect(history.items[0]?.id).toBe(queued.id)
  })

  it('counts the range in the merchant’s calendar days and refuses what it cannot build', async () => {
    const today = todayIn(ZONE)
    const expectRefused = async (body: Record<string, unknown>, status: number, code: string) => {
      const response = await request(body)
      expect(response.status, JSON.stringify(body)).toBe(status)
      expect(await errorCode(response)).toBe(code)
    }
    const year: { from: IsoDate; to: IsoDate } = { from: addDays(today, -365), to: today }
    expect((await request(year)).status).toBe(201)
    await expectRefused({ from: addDays(today, -366), to: today }, 400, 'range_too_long')
    await expectRefused({ from: today, to: addDays(today, 1) }, 400, 'validation_failed')
    await expectRefused({ from: today, to: addDays(today, -1) }, 400, 'validation_failed')
    await expectRefused({ from: '2026-02-30', to: today }, 400, 'validation_failed')
    await expectRefused({ from: `${today}T00:00:00.000Z`, to: today }, 400, 'validation_failed')
    await expectRefused({ ...year, programID: PROGRAM_IDS.acmeLapsed }, 400, 'program_not_allowed')
    await expectRefused({ ...year, programID: PROGRAM_IDS.acmeDeleted }, 400, 'program_not_allowed')
    await expectRefused({ ...year, merchantID: MERCHANT_IDS.globex }, 403, 'merchant_not_allowed')
  })

  it('is for any signed-in user of the merchant, never another merchant’s nor the bank brand’s', async () => {
    const control = createControl(sandbox.apiUrl)
    const today = todayIn(ZONE)
    const viewer = (await control.session('viewer@acme.test')).portalToken
    const mine = await request({ from: today, to: today }, viewer)
    expect(mine.status).toBe(201)
    const created = v.parse(TargetingExportResponseSchema, await mine.json()).data
    expect(created.requestedBy).toBe('viewer@acme.test')

    const harbor = (await control.session('manager@harbor.test')).portalToken
    const bank = await call(`/api/targeting-exports?merchantID.eq=${MERCHANT_IDS.harbor}`, harbor)
    expect(bank.status).toBe(403)
    expect(await errorCode(bank)).toBe('forbidden')
    const bankPost = await call('/api/targeting-exports', harbor, {
      method: 'POST',
      body: { merchantID: MERCHANT_IDS.harbor, programID: PROGRAM_IDS.harborEcomm, from: today, to: today },
    })
    expect(bankPost.status).toBe(403)

    const globex = (await control.session('ops@provider.test', MERCHANT_IDS.globex)).portalToken
    expect((await call(`/api/targeting-exports/${created.id}`, globex)).status).toBe(404)
    expect((await call(`/api/targeting-exports/${created.id}/download`, globex)).status).toBe(404)
    expect((await call(`/api/targeting-exports?merchantID.eq=${ACME}`, globex)).status).toBe(403)
    const ops = (await control.session('ops@provider.test')).portalToken
    expect((await call(`/api/targeting-exports?merchantID.eq=${ACME}`, ops)).status).toBe(403)
  })
})
