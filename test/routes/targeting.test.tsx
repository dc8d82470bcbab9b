import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { createControl } from '../../sandbox/control'
import { EXPORT_CSV_HEADER } from '../../sandbox/resources/targeting-exports-file'
import { writeCsv } from '../../sandbox/shared/csv'
import { parseCsv } from '../../src/shared/csv'
import { renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

// Exports run for 1.5 s here, so the bar is seen moving and the file is ready within the test.
const previousRunMs = process.env.SANDBOX_EXPORT_MS
const sandbox = fileSandbox()

beforeAll(async () => {
  process.env.SANDBOX_EXPORT_MS = '1500'
})
afterAll(async () => {
  if (previousRunMs === undefined) delete process.env.SANDBOX_EXPORT_MS
  else process.env.SANDBOX_EXPORT_MS = previousRunMs
})
beforeEach(async () => {
  // No reset: the seeded history is enough, and keeping the ledger saves generating 50 000
  // transactions for every test.
  const control = createControl(sandbox.apiUrl)
  await control.clearFaults()
  await control.clearRequests()
})
afterEach(() => {
  vi.restoreAllMocks()
})

function open(path: string, as = 'owner@acme.test') {
  return renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path, as })
}

describe('the targeting export', () => {
  it('requests an export, follows its progress and downloads the file, then lists it first', async () => {
    const user = userEvent.setup()
    const app = await open('/targeting-export')
    const history = await screen.findByRole('table', { name: /^Past exports/ }, { timeout: 10_000 })
    // The history shows every outcome: files to download again, and a failure with its reason.
    expect(within(history).getAllByRole('button', { name: /^Download the export requested/ }).length).toBe(4)
    expect(within(history).getByText('Failed')).toBeInTheDocument()
    await app.control.clearRequests()

    await user.click(screen.getByRole('button', { name: 'Request export' }))
    // Named after its program: by name, or by id where the program has none (the spec-minimal mode).
    const current = await screen.findByRole('region', { name: /^(?:Acme |prg_).+, .+ to .+$/ })
    const bar = within(current).getByRole('progressbar', { name: 'Export progress' })
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeLessThan(100)
    await within(current).findByText(/^Ready: [\d,]+ customers\.$/, {}, { timeout: 10_000 })
    expect(bar.getAttribute('aria-valuenow')).toBe('100')
    // One request made it, and it was never sent again.
    expect(await app.control.requests({ method: 'POST', path: '/api/targeting-exports' })).toHaveLength(1)
    const polls = await app.control.requests({ method: 'GET', path: '/api/targeting-exports/*' })
    expect(polls.length).toBeGreaterThanOrEqual(1)

    const saved = vi.spyOn(URL, 'createObjectURL')
    // happy-dom would navigate the test window to the file; a browser saves it (the e2e spec checks that).
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    await user.click(within(current).getByRole('button', { name: 'Download CSV' }))
    const note = await screen.findByText(/^Saved targeting-export-.+\.csv \([\d,]+ customers\)\.$/)
    const count = /\(([\d,]+) customers\)/.exec(note.textContent ?? '')?.[1]
    const blob = saved.mock.calls[0]?.[0]
    if (!(blob instanceof Blob)) throw new Error('no file saved')
    const lines = (await blob.text()).replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toMatch(/^customer_id,name,email,program_id,orders,total_spent_usd,first_order_date/)
    expect(lines.length - 2).toBe(Number(count?.replaceAll(',', '')))
    // The file came through the API client: token in a header, nothing in the URL.
    const [download] = await app.control.requests({
      method: 'GET',
      path: '/api/targeting-exports/*/download',
    })
    expect(download).toMatchObject({ authorization: true, query: {} })

    const firstRow = within(history).getAllByRole('row')[1]
    if (!firstRow) throw new Error('no history row')
    expect(within(firstRow).getByText('Ready')).toBeInTheDocument()
    expect(within(firstRow).getByText(count ?? '')).toBeInTheDocument()
  })

  it('saves the platform’s file with no cell a spreadsheet would run as a formula', async () => {
    // Names arrive as customers typed them: the sandbox writes plain RFC 4180 with no formula guard,
    // as a platform may. The portal's own guard is all that stands between them and a spreadsheet.
    const typed = ['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', ' =1+1', 'Ana Lopez']
    const content = writeCsv(
      EXPORT_CSV_HEADER,
      typed.map((name, index) => [
        `CU-0000000${index}`,
        name,
        `customer${index}@example.com`,
        'program',
        1,
        '-12.50',
        '2026-01-02',
        '2026-01-02',
        '2026-01-02T15:00:00.000Z',
        'America/Denver',
      ]),
    )
    const user = userEvent.setup()
    const app = await open('/targeting-export')
    const history = await screen.findByRole('table', { name: /^Past exports/ }, { timeout: 10_000 })
    await app.control.addFault({
      method: 'GET',
      path: '/api/targeting-exports/*/download',
      kind: 'status',
      status: 200,
      body: {
        data: { fileName: 'typed-names.csv', contentType: 'text/csv', rowCount: typed.length, content },
      },
      times: 1,
    })
    const saved = vi.spyOn(URL, 'createObjectURL')
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const [download] = within(history).getAllByRole('button', { name: /^Download the export requested/ })
    if (!download) throw new Error('no past export to download')
    await user.click(download)
    await screen.findByText(`Saved typed-names.csv (${typed.length} customers).`)

    const blob = saved.mock.calls[0]?.[0]
    if (!(blob instanceof Blob)) throw new Error('no file saved')
    const text = (await blob.text()).replace(/^\uFEFF/, '')
    const [header = [], ...rows] = parseCsv(text)
    expect(header).toEqual([...EXPORT_CSV_HEADER])
    // Every formula is held back by an apostrophe; a plain name and a plain number are left alone.
    expect(rows.map((row) => row[1])).toEqual([...typed.slice(0, 5).map((name) => `'${name}`), 'Ana Lopez'])
    expect(new Set(rows.map((row) => row[5]))).toEqual(new Set(['-12.50']))
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`)
  })

  it('says so when the request fails, and never sends it again by itself', async () => {
    // The clock runs as ever, and the test can move it on at once (see below).
    vi.useFakeTimers({ shouldAdvanceTime: true })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const control = createControl(sandbox.apiUrl)
    await open('/targeting-export')
    await screen.findByRole('table', { name: /^Past exports/ }, { timeout: 10_000 })
    await control.addFault({ method: 'POST', path: '/api/targeting-exports', kind: 'status', status: 503 })
    await control.clearRequests()
    await user.click(screen.getByRole('button', { name: 'Request export' }))
    expect(
      await screen.findByText('The export could not be requested. Check your connection and try again.'),
    ).toBeInTheDocument()
    // A minute on: any retry the portal had scheduled (reads retry after 300 ms) would have gone out.
    await vi.advanceTimersByTimeAsync(60_000)
    expect(await control.requests({ method: 'POST', path: '/api/targeting-exports' })).toHaveLength(1)
    expect(screen.queryByRole('progressbar', { name: 'Export progress' })).toBeNull()
  })
})
