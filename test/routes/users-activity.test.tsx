import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { USER_IDS } from '../../sandbox/data/ids'
import { ACCESS_LEVEL_SCOPES } from '../../src/access/access-levels'
import { SCOPES } from '../../src/access/scopes'
import { parseCsv } from '../../src/shared/csv'
import { MERCHANT_IDS } from '../support/platform-ids'
import { type RenderedApp, renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()
const warn = console.warn
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value))

/** The files the portal hands to the browser, captured where the browser would receive them. */
let saved: Blob[]
// happy-dom follows a download link like any other link; a browser would save the file instead.
const keepPage = (event: MouseEvent) => {
  if (event.target instanceof HTMLAnchorElement && event.target.hasAttribute('download')) {
    event.preventDefault()
  }
}

beforeAll(() => {
  // happy-dom lays nothing out, so Mantine's focus trap finds no tabbable menu item and warns.
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('[@mantine/hooks/use-focus-trap]')) return
    warn(...args)
  }
})
afterAll(() => {
  console.warn = warn
})
beforeEach(() => {
  sandbox.reset()
  saved = []
  const create = URL.createObjectURL.bind(URL)
  vi.spyOn(URL, 'createObjectURL').mockImplementation((object: Blob | MediaSource) => {
    if (object instanceof Blob) saved.push(object)
    return create(object)
  })
  document.addEventListener('click', keepPage)
})
afterEach(() => {
  document.removeEventListener('click', keepPage)
  vi.restoreAllMocks()
})

function open(path: string, options: { scopes?: string[] } = {}): Promise<RenderedApp> {
  return renderApp({
    apiUrl: sandbox.apiUrl,
    idpUrl: sandbox.idpUrl,
    path,
    as: 'owner@acme.test',
    ...options,
  })
}

const searchOf = (app: RenderedApp) => app.router.state.location.search

/** The activity table's entry rows (the header row aside); the log's code loads on first use. */
async function entryRows(): Promise<HTMLElement[]> {
  const table = await screen.findByRole('table', undefined, { timeout: 15_000 })
  return within(table).getAllByRole('row').slice(1)
}

async function activityRequests() {
  return sandbox.control.requests({ method: 'GET', path: `/api/merchant/${MERCHANT_IDS.acme}/activity` })
}

type User = ReturnType<typeof userEvent.setup>

/** Opens the actions menu of Victor Viewer's row in the users table. */
async function openViewerActions(user: User): Promise<void> {
  const table = await screen.findByRole('table', undefined, { timeout: 10_000 })
  const row = await waitFor(() => {
    const found = within(table)
      .getAllByRole('row')
      .find((candidate) => candidate.textContent?.includes('viewer@acme.test'))
    if (!found) throw new Error('no viewer row')
    return found
  })
  await user.click(within(row).getByRole('button', { name: /^Actions for/ }))
}

async function openInviteDialog(user: User): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: 'Invite user' }, { timeout: 10_000 }))
  return screen.findByRole('dialog', { name: 'Invite a user' })
}

/** A user who may manage users but holds read-only access to the rest. */
const READ_AND_EDIT_USERS = [...ACCESS_LEVEL_SCOPES.READ, SCOPES.users.edit]

describe('the activity log', () => {
  // The first test compiles the log's lazy chunk (and the calendar's) on demand under Vitest.
  it('opens from its tab: newest first, 50 to a page, paging through thousands', async () => {
    const user = userEvent.setup()
    const app = await open('/user-management')
    await screen.findByRole('heading', { level: 1, name: 'User management' }, { timeout: 10_000 })
    await user.click(screen.getByRole('tab', { name: 'Activity' }))
    await waitFor(() => expect(searchOf(app)).toEqual({ view: 'activity' }))
    expect(await entryRows()).toHaveLength(50)
    expect(screen.getByRole('heading', { level: 2, name: 'Activity' })).toBeInTheDocument()
    expect(await screen.findByText(/^Showing 1–50 of 3,0\d\d$/)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(searchOf(app)).toEqual({ view: 'activity', page: 2 }))
    await screen.findByText(/^Showing 51–100 of/)
    const last = (await activityRequests()).at(-1)
    expect(last?.query).toMatchObject({ limit: '50', offset: '50' })
  }, 40_000)

  it('filters by user, kind and dates from the URL, and by user from its select', async () => {
    const user = userEvent.setup()
    const app = await open(
      `/user-management?view=activity&actor=${USER_IDS.viewer}&kind=${q(['cart.sent', 'not.a.kind'])}&from=2026-01-01&to=2026-12-31`,
    )
    const rows = await entryRows()
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row).toHaveTextContent('Victor Viewer')
      expect(row).toHaveTextContent('Cart sent')
    }
    // The unknown kind is dropped from the address; the dates go as instants in the merchant's zone.
    expect(searchOf(app).kind).toEqual(['cart.sent'])
    const request = (await activityRequests()).at(-1)
    expect(request?.query).toMatchObject({
      actor: USER_IDS.viewer,
      kind: 'cart.sent',
      from: '2026-01-01T07:00:00.000Z',
      to: '2027-01-01T07:00:00.000Z',
    })
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Activity of Victor Viewer' }),
    ).toBeInTheDocument()

    const filters = screen.getByRole('search', { name: 'Filter activity' })
    await user.click(within(filters).getByRole('combobox', { name: 'User' }))
    await user.click(await screen.findByRole('option', { name: 'Olivia Owner', hidden: true }))
    await waitFor(() => expect(searchOf(app).actor).toBe(USER_IDS.owner))
    await waitFor(async () => {
      for (const row of await entryRows()) expect(row).toHaveTextContent('Olivia Owner')
    })
    expect(searchOf(app).kind).toEqual(['cart.sent'])
  })

  it('shows amounts as money in the merchant’s currency, other values as the platform wrote them', async () => {
    await open(`/user-management?view=activity&kind=${q(['transaction.settled'])}`)
    const rows = await entryRows()
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row).toHaveTextContent(/settled \$0\.00 → \$\d{1,3}(,\d{3})*\.\d{2}/)
      expect(row).toHaveTextContent('status AUTHORIZED → SETTLED')
    }
  })

  it('says when nothing matches, and Reset filters brings the whole log back', async () => {
    const user = userEvent.setup()
    const app = await open('/user-management?view=activity&from=2020-01-01&to=2020-01-02')
    expect(
      await screen.findByText('No activity matches these filters', undefined, { timeout: 15_000 }),
    ).toBeVisible()
    await user.click(screen.getAllByRole('button', { name: 'Reset filters' })[0] ?? document.body)
    await waitFor(() => expect(searchOf(app)).toEqual({ view: 'activity' }))
    expect(await entryRows()).toHaveLength(50)
  })

  it('says when the log could not be read, and reads it again on request', async () => {
    const user = userEvent.setup()
    await sandbox.control.addFault({
      method: 'GET',
      path: `/api/merchant/${MERCHANT_IDS.acme}/activity`,
      kind: 'status',
      status: 500,
    })
    await open('/user-management?view=activity')
    expect(
      await screen.findByText('We could not load the activity.', undefined, { timeout: 20_000 }),
    ).toBeInTheDocument()
    await sandbox.control.clearFaults()
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await entryRows()).toHaveLength(50)
  }, 40_000)

  it("opens a user's own activity from the row's menu", async () => {
    const user = userEvent.setup()
    const app = await open('/user-management')
    await openViewerActions(user)
    await user.click(await screen.findByRole('menuitem', { name: 'View activity', hidden: true }))
    await waitFor(() => expect(searchOf(app)).toEqual({ view: 'activity', actor: USER_IDS.viewer }))
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: 'Activity of Victor Viewer' },
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument()
    for (const row of await entryRows()) expect(row).toHaveTextContent('Victor Viewer')
  })

  it('exports every matching entry, formulas kept as text', async () => {
    const user = userEvent.setup()
    // An invitation whose address would run as a formula in a spreadsheet (`-1+1` is a sum).
    const { portalToken } = await sandbox.control.session('owner@acme.test')
    const invited = await fetch(`${sandbox.apiUrl}/api/merchant/${MERCHANT_IDS.acme}/users`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${portalToken}`,
        'X-API-Version': 'v2',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        email: '-1+1@acme.test',
        name: '=HYPERLINK("http://x")',
        accessLevel: 'READ',
      }),
    })
    expect(invited.status).toBe(201)
    await open(`/user-management?view=activity&kind=${q(['user.invited', 'cart.sent'])}`)
    await entryRows()
    const total = Number(
      /of ([\d,]+)$/
        .exec((await screen.findByText(/^Showing 1–/)).textContent ?? '')?.[1]
        ?.replaceAll(',', ''),
    )
    expect(total).toBeGreaterThan(50)
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 15_000 })
    const text = (await saved[0]?.text()) ?? ''
    expect(text.startsWith('\uFEFF')).toBe(true)
    const [header, ...records] = parseCsv(text.slice(1))
    expect(header).toEqual([
      'Time (America/Denver)',
      'Time (UTC)',
      'Actor',
      'Actor email',
      'Kind',
      'Kind code',
      'Target',
      'Target ID',
      'Target name',
      'Changes',
    ])
    expect(records).toHaveLength(total)
    expect(new Set(records.map((record) => record[5]))).toEqual(new Set(['user.invited', 'cart.sent']))
    // Newest first, as on screen: the invitation just made leads, its address behind an apostrophe.
    expect(records[0]?.[8]).toBe("'-1+1@acme.test")
    expect(records[0]?.[9]).toContain('name:  → =HYPERLINK("http://x")')
  })
})

describe('invitations grant at most the inviter’s access', () => {
  // One app for both: the same user, and neither dialog writes.
  it('offers only the levels whose scopes the user holds, when inviting and when changing a user’s access', async () => {
    const user = userEvent.setup()
    await open('/user-management', { scopes: READ_AND_EDIT_USERS })
    const invite = await openInviteDialog(user)
    expect(
      within(invite)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['READ'])
    expect(within(invite).getByText('You can give only the access you hold yourself.')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite a user' })).toBeNull())

    await openViewerActions(user)
    await user.click(await screen.findByRole('menuitem', { name: 'Change access level', hidden: true }))
    const change = await screen.findByRole('dialog', { name: 'Access level of Victor Viewer' })
    expect(
      within(change)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['READ'])
  })

  it('says so when the platform refuses an invitation beyond the inviter’s access', async () => {
    const user = userEvent.setup()
    // The platform's view of the inviter's access is the one that counts (it may have been narrowed since
    // the portal's token was issued): its refusal, as the sandbox gives it.
    await sandbox.control.addFault({
      method: 'POST',
      path: `/api/merchant/${MERCHANT_IDS.acme}/users`,
      kind: 'status',
      status: 403,
      body: {
        error: {
          code: 'access_exceeds_inviter',
          message: 'READ/WRITE grants access you do not hold yourself.',
          details: { missingScopes: ['c:tx.refund'] },
        },
      },
      times: 1,
    })
    await open('/user-management')
    const dialog = await openInviteDialog(user)
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Email/ }), {
      target: { value: 'too.much@acme.test' },
    })
    await user.click(within(dialog).getByRole('radio', { name: /^Read and write/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That access level grants more than you hold yourself.',
    )
  })
})
