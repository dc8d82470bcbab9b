import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createControl } from '../../sandbox/control'
import { type TransactionListItem, TransactionPageReader } from '../../src/api/schemas/transactions'
import { MERCHANT_IDS } from '../support/platform-ids'
import { type RenderedApp, renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()

beforeEach(() => {
  sandbox.reset()
  // happy-dom has no layout, so Mantine's focus trap in the dialog finds nothing focusable.
  const warn = console.warn.bind(console)
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes('use-focus-trap')) return
    warn(...args)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
})

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value))
const AUTHORIZED = `/transactions?status=${q(['AUTHORIZED'])}`
const REFUSAL = { code: 'transaction_locked', message: 'This transaction is locked by a risk review.' }

/** Transactions as the platform lists them, in the list's default order. */
async function listed(query: Record<string, string>): Promise<TransactionListItem[]> {
  const { portalToken } = await createControl(sandbox.apiUrl).session('owner@acme.test')
  const params = new URLSearchParams({ 'merchantID.eq': MERCHANT_IDS.acme, limit: '25', ...query })
  const response = await fetch(`${sandbox.apiUrl}/api/transactions?${params}`, {
    headers: { Authorization: `Bearer ${portalToken}`, 'X-API-Version': 'v2', Accept: 'application/json' },
  })
  return v.parse(TransactionPageReader, await response.json()).data.items
}

function open(path: string, as = 'owner@acme.test'): Promise<RenderedApp> {
  return renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path, as })
}

async function table(): Promise<HTMLElement> {
  return screen.findByRole('table', undefined, { timeout: 10_000 })
}

/** The checkbox of each data row, in the table's order. */
async function rowBoxes(): Promise<HTMLElement[]> {
  const grid = await table()
  await waitFor(() => expect(within(grid).getAllByRole('row').length).toBeGreaterThan(1))
  return within(grid).getAllByRole('checkbox', { name: /^Select transaction / })
}

const bar = () => screen.findByRole('region', { name: 'Bulk actions' }, { timeout: 5_000 })
const settlePath = (id: string) => `/api/transactions/${id}/settle`

async function settleRequests(app: RenderedApp) {
  return (await app.control.requests({ method: 'POST' })).filter((request) =>
    request.path.endsWith('/settle'),
  )
}

describe('bulk actions on the transactions list', () => {
  it('settles a Shift-click range; a refused row is listed with its reason and succeeds alone on retry, and nothing is sent twice', async () => {
    const user = userEvent.setup()
    const authorized = (await listed({ status: 'AUTHORIZED' })).slice(0, 6)
    const refused = authorized[2]
    if (!refused || authorized.length < 6) throw new Error('the sandbox seeds open authorizations')
    const app = await open(AUTHORIZED)
    const boxes = await rowBoxes()
    await user.click(boxes[0] as HTMLElement)
    await user.keyboard('{Shift>}')
    await user.click(boxes[5] as HTMLElement)
    await user.keyboard('{/Shift}')
    expect(within(await bar()).getByRole('status')).toHaveTextContent('6 selected')
    expect(boxes.slice(0, 6).every((box) => (box as HTMLInputElement).checked)).toBe(true)
    expect((boxes[6] as HTMLInputElement).checked).toBe(false)

    const fault = await app.control.addFault({
      method: 'POST',
      path: settlePath(refused.id),
      kind: 'status',
      status: 409,
      body: { error: REFUSAL },
    })
    await app.control.clearRequests()
    await user.click(within(await bar()).getByRole('button', { name: 'Settle selected' }))
    const dialog = await screen.findByRole('dialog', { name: 'Settle 6 transactions' })
    const total = authorized.reduce((sum, item) => sum + item.amounts.remaining, 0)
    const money = (total / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })
    expect(dialog).toHaveTextContent(`6 authorizations will be settled in full, for a total of ${money}.`)
    await user.click(within(dialog).getByRole('button', { name: 'Settle 6 transactions' }))

    await waitFor(() => expect(dialog).toHaveTextContent('6 of 6 done · 5 succeeded, 1 failed'), {
      timeout: 10_000,
    })
    expect(within(dialog).getByRole('progressbar', { name: 'Bulk action progress' })).toBeInTheDocument()
    const results = within(dialog).getByRole('list', { name: 'Results' })
    const failedLine = within(results).getAllByRole('listitem')[0] as HTMLElement
    expect(failedLine).toHaveTextContent(refused.id)
    expect(failedLine).toHaveTextContent(`Failed: ${REFUSAL.message}`)
    // Each row once, each with its own key.
    const sent = await settleRequests(app)
    expect(sent.map((request) => request.path).sort()).toEqual(
      authorized.map((item) => settlePath(item.id)).sort(),
    )
    expect(new Set(sent.map((request) => request.headers['idempotency-key'])).size).toBe(6)
    // The lists and the summary are asked for again after the run, not once per row.
    await waitFor(async () =>
      expect(
        (await app.control.requests({ method: 'GET', path: '/api/transactions' })).length,
      ).toBeGreaterThan(0),
    )
    expect(
      (await app.control.requests({ method: 'GET', path: '/api/transactions' })).length,
    ).toBeLessThanOrEqual(2)

    await app.control.removeFault(fault)
    await user.click(within(dialog).getByRole('button', { name: `Retry ${refused.id}` }))
    await waitFor(() => expect(dialog).toHaveTextContent('6 succeeded, 0 failed'), { timeout: 10_000 })
    const again = await settleRequests(app)
    expect(again).toHaveLength(7)
    expect(again.filter((request) => request.path === settlePath(refused.id))).toHaveLength(2)
    // The rows are settled on the platform, and the list asks again once the run is over.
    const after = await listed({ status: 'AUTHORIZED' })
    expect(after.some((item) => authorized.some((done) => done.id === item.id))).toBe(false)

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull())
  })

  it('retries a row whose answer was lost with the same key: the platform acts once', async () => {
    const user = userEvent.setup()
    const [lost, other] = await listed({ status: 'AUTHORIZED' })
    if (!lost || !other) throw new Error('the sandbox seeds open authorizations')
    const app = await open(AUTHORIZED)
    const boxes = await rowBoxes()
    await user.click(boxes[0] as HTMLElement)
    await user.click(boxes[1] as HTMLElement)
    await app.control.addFault({ method: 'POST', path: settlePath(lost.id), kind: 'drop-answer', times: 1 })
    await app.control.clearRequests()
    await user.click(within(await bar()).getByRole('button', { name: 'Settle selected' }))
    const dialog = await screen.findByRole('dialog', { name: 'Settle 2 transactions' })
    await user.click(within(dialog).getByRole('button', { name: 'Settle 2 transactions' }))
    await waitFor(() => expect(dialog).toHaveTextContent('1 succeeded, 1 failed'), { timeout: 10_000 })
    expect(dialog).toHaveTextContent('we do not know whether this went through')
    await user.click(within(dialog).getByRole('button', { name: 'Retry failed' }))
    await waitFor(() => expect(dialog).toHaveTextContent('2 succeeded, 0 failed'), { timeout: 10_000 })
    const sent = (await settleRequests(app)).filter((request) => request.path === settlePath(lost.id))
    expect(sent).toHaveLength(2)
    expect(sent[1]?.headers['idempotency-key']).toBe(sent[0]?.headers['idempotency-key'])
    expect(
      (await settleRequests(app)).filter((request) => request.path === settlePath(other.id)),
    ).toHaveLength(1)
  })

  it('Cancel the rest leaves the rows not sent yet unsent; the writes in flight finish', async () => {
    const user = userEvent.setup()
    const app = await open(AUTHORIZED)
    await rowBoxes()
    await user.click(screen.getByRole('checkbox', { name: 'Select all transactions on this page' }))
    expect(within(await bar()).getByRole('status')).toHaveTextContent('25 selected')
    await app.control.addFault({
      method: 'POST',
      path: '/api/transactions/*/settle',
      kind: 'delay',
      delayMs: 800,
    })
    await app.control.clearRequests()
    await user.click(within(await bar()).getByRole('button', { name: 'Settle selected' }))
    const dialog = await screen.findByRole('dialog', { name: 'Settle 25 transactions' })
    await user.click(within(dialog).getByRole('button', { name: 'Settle 25 transactions' }))
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel the rest' }))
    await waitFor(() => expect(dialog).toHaveTextContent('4 succeeded, 0 failed · 21 not sent'), {
      timeout: 10_000,
    })
    expect(within(dialog).getAllByText('Not sent')).toHaveLength(21)
    expect(await settleRequests(app)).toHaveLength(4)
    // The rows settled leave the selection; the list is asked for again once, after the run.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(within(await bar()).getByRole('status')).toHaveTextContent('21 selected')
    await waitFor(async () => {
      const lists = await app.control.requests({ method: 'GET', path: '/api/transactions' })
      expect(lists.length).toBeGreaterThanOrEqual(1)
      expect((await table()).getAttribute('aria-busy')).toBe('false')
    })
  })

  it('says which rows it skips and why; keeps the selection across pages, by keyboard, and clears it when the filters change', async () => {
    const user = userEvent.setup()
    const app = await open('/transactions')
    const boxes = await rowBoxes()
    const shown = await listed({})
    // Space on the focused checkbox, then Shift+Space on another: the range between them.
    ;(boxes[0] as HTMLElement).focus()
    await user.keyboard(' ')
    ;(boxes[9] as HTMLElement).focus()
    await user.keyboard('{Shift>} {/Shift}')
    expect(within(await bar()).getByRole('status')).toHaveTextContent('10 selected')
    const header = screen.getByRole('checkbox', { name: 'Select all transactions on this page' })
    expect((header as HTMLInputElement).indeterminate).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect((app.router.state.location.search as { page?: number }).page).toBe(2))
    expect(within(await bar()).getByRole('status')).toHaveTextContent('10 selected')

    await user.click(within(await bar()).getByRole('button', { name: 'Settle selected' }))
    const dialog = await screen.findByRole('dialog', { name: /^Settle \d+ transactions?$/ })
    const skipped = shown.slice(0, 10).filter((item) => item.status !== 'AUTHORIZED')
    const reasons: Record<string, string> = {
      SETTLED: 'It is already settled.',
      PARTIALLY_SETTLED: 'It is already settled.',
      PARTIALLY_REFUNDED: 'It is already settled.',
      REFUNDED: 'It is already settled.',
      CANCELLED: 'It is already cancelled.',
      EXPIRED: 'Its authorization has expired.',
      DISPUTED: 'It is disputed.',
      DECLINED: 'It is not an authorization.',
    }
    expect(skipped.length).toBeGreaterThan(0)
    const list = within(dialog).getByRole('list', { name: 'Skipped transactions' })
    for (const item of skipped) {
      expect(within(list).getByText(new RegExp(`^${item.id} `))).toHaveTextContent(reasons[item.status] ?? '')
    }
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }))

    const summary = screen.getByRole('region', { name: 'Summary of matching transactions' })
    await user.click(within(summary).getByRole('button', { name: /^Refunded/ }))
    expect(await screen.findByText('The filters changed, so the selection was cleared.')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull()
    await waitFor(async () => expect((await table()).getAttribute('aria-busy')).toBe('false'))
  })

  it('offers a read-only user the export of the selected rows, and no write', async () => {
    const user = userEvent.setup()
    await open(AUTHORIZED, 'viewer@acme.test')
    const boxes = await rowBoxes()
    await user.click(boxes[0] as HTMLElement)
    const region = await bar()
    expect(within(region).queryByRole('button', { name: 'Settle selected' })).toBeNull()
    expect(within(region).queryByRole('button', { name: 'Cancel selected' })).toBeNull()
    await user.click(within(region).getByRole('button', { name: 'Export selected' }))
    const dialog = await screen.findByRole('dialog', { name: 'Export selected transactions' })
    expect(dialog).toHaveTextContent('The file will hold the 1 selected transaction.')
  })

  it('selects all matching rows page by page up to 500, and says the limit above it', async () => {
    const user = userEvent.setup()
    const app = await open(AUTHORIZED)
    const boxes = await rowBoxes()
    await user.click(boxes[0] as HTMLElement)
    const matching = await listed({ status: 'AUTHORIZED', limit: '500' })
    const total = matching.length
    expect(total).toBeGreaterThan(25)
    expect(total).toBeLessThanOrEqual(500)
    await app.control.clearRequests()
    await user.click(within(await bar()).getByRole('button', { name: `Select all ${total} matching` }))
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('status'),
      ).toHaveTextContent(`${total} selected`),
    )
    const asked = await app.control.requests({ method: 'GET', path: '/api/transactions' })
    expect(asked[0]?.query).toMatchObject({ status: 'AUTHORIZED', limit: '500', offset: '0' })

    // Every transaction matches without a filter: more than can be selected at once.
    await user.click(within(await bar()).getByRole('button', { name: 'Clear selection' }))
    await app.router.navigate({ to: '/transactions', search: {} })
    const all = await rowBoxes()
    await user.click(all[0] as HTMLElement)
    expect(
      await within(await bar()).findByText(
        '50,000 transactions match. Select all works up to 500: narrow the filters to select them all.',
      ),
    ).toBeInTheDocument()
    expect(within(await bar()).queryByRole('button', { name: /^Select all/ })).toBeNull()
  })

  it('exports the selected rows alone', async () => {
    const user = userEvent.setup()
    const saved: Blob[] = []
    const create = URL.createObjectURL.bind(URL)
    vi.spyOn(URL, 'createObjectURL').mockImplementation((object: Blob | MediaSource) => {
      if (object instanceof Blob) saved.push(object)
      return create(object)
    })
    // happy-dom follows a download link like any other link; a browser would save the file instead.
    const keepPage = (event: MouseEvent) => {
      if (event.target instanceof HTMLAnchorElement && event.target.hasAttribute('download'))
        event.preventDefault()
    }
    document.addEventListener('click', keepPage)
    try {
      const shown = await listed({ status: 'AUTHORIZED' })
      await open(AUTHORIZED)
      const boxes = await rowBoxes()
      await user.click(boxes[1] as HTMLElement)
      await user.click(boxes[3] as HTMLElement)
      await user.click(within(await bar()).getByRole('button', { name: 'Export selected' }))
      const dialog = await screen.findByRole(
        'dialog',
        { name: 'Export selected transactions' },
        { timeout: 10_000 },
      )
      expect(dialog).toHaveTextContent('The file will hold the 2 selected transactions.')
      await user.click(within(dialog).getByRole('button', { name: 'Export CSV' }))
      await waitFor(() => expect(saved).toHaveLength(1))
      const text = await (saved[0] as Blob).text()
      const records = text.trim().split('\r\n').slice(1)
      expect(records).toHaveLength(2)
      expect(records[0]).toContain(shown[1]?.id)
      expect(records[1]).toContain(shown[3]?.id)
    } finally {
      document.removeEventListener('click', keepPage)
    }
  })
})
