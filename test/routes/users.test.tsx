import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MerchantUserPageReader } from '../../src/api/schemas/users'
import { MERCHANT_IDS } from '../support/platform-ids'
import { itOnce } from '../support/platform-pass'
import { type RenderedApp, renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()
const warn = console.warn

beforeAll(async () => {
  // happy-dom lays nothing out, so Mantine's focus trap finds no tabbable menu item and warns with the
  // whole element; in Chromium the first item takes focus (test/e2e/users.e2e.ts checks it).
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('[@mantine/hooks/use-focus-trap]')) return
    warn(...args)
  }
})
afterAll(async () => {
  console.warn = warn
})
beforeEach(() => {
  sandbox.reset()
})

function open(path: string, as = 'owner@acme.test'): Promise<RenderedApp> {
  return renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path, as })
}

function fill(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } })
}

async function rowOf(text: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', undefined, { timeout: 10_000 })
  return waitFor(() => {
    const row = within(table)
      .getAllByRole('row')
      .find((candidate) => candidate.textContent?.includes(text))
    if (!row) throw new Error(`no row with ${text}`)
    return row
  })
}

/** Deactivates a user through the platform, as an earlier visit to the page would have. */
async function deactivateThroughPlatform(email: string): Promise<void> {
  const { portalToken } = await sandbox.control.session('owner@acme.test')
  const headers = {
    Authorization: `Bearer ${portalToken}`,
    'X-API-Version': 'v2',
    Accept: 'application/json',
  }
  const users = `${sandbox.apiUrl}/api/merchant/${MERCHANT_IDS.acme}/users`
  const listed = await fetch(`${users}?search=${encodeURIComponent(email)}`, { headers })
  const { items } = v.parse(MerchantUserPageReader, await listed.json()).data
  const found = items.find((candidate) => candidate.email === email)
  if (!found) throw new Error(`no user ${email}`)
  const answer = await fetch(`${users}/${found.id}/deactivate`, { method: 'POST', headers })
  if (!answer.ok) throw new Error(`deactivating ${email} answered ${answer.status}`)
}

/** Opens the Actions menu of the viewer's row and picks `item`. */
async function viewerAction(item: string): Promise<void> {
  const user = userEvent.setup()
  await user.click(within(await rowOf('viewer@acme.test')).getByRole('button', { name: /^Actions for/ }))
  await user.click(await screen.findByRole('menuitem', { name: item, hidden: true }))
}

async function viewerShows(text: string): Promise<void> {
  await waitFor(async () =>
    expect(within(await rowOf('viewer@acme.test')).getByText(text)).toBeInTheDocument(),
  )
}

/** The invitation dialog, opened from the page's heading. */
async function openInvitation() {
  const user = userEvent.setup()
  await open('/user-management')
  await screen.findByRole('heading', { level: 1, name: 'User management' }, { timeout: 10_000 })
  await user.click(screen.getByRole('button', { name: 'Invite user' }))
  const dialog = await screen.findByRole('dialog', { name: 'Invite a user' })
  const email = within(dialog).getByRole('textbox', { name: /^Email/ })
  const send = () => user.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
  return { user, dialog, email, send }
}

describe('user management', () => {
  itOnce('asks for an email address, and for a whole one, before inviting', async () => {
    const { dialog, email, send } = await openInvitation()
    await send()
    expect(within(dialog).getByText('Required.')).toBeInTheDocument()
    fill(email, 'nia.hire@')
    expect(within(dialog).getByText(/Enter an email address/)).toBeInTheDocument()
    expect(await sandbox.control.requests({ method: 'POST', path: '/api/merchant/*/users' })).toHaveLength(0)
  })

  it('invites a user: the row shows the invitation and its access level, and the email goes out', async () => {
    const { user, dialog, email, send } = await openInvitation()
    fill(email, 'Nia.Hire@acme.test')
    fill(within(dialog).getByRole('textbox', { name: 'Name (optional)' }), 'Nia Hire')
    await user.click(within(dialog).getByRole('radio', { name: /^Read and write/ }))
    await send()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    const row = await rowOf('nia.hire@acme.test')
    expect(within(row).getByText('Invited')).toBeInTheDocument()
    expect(within(row).getByText('Read and write')).toBeInTheDocument()
    const [mail] = await sandbox.control.outbox({ to: 'nia.hire@acme.test', kind: 'INVITATION' })
    expect(mail?.link).toMatch(/\/activate\/[\w-]+$/)
  })

  it('refuses to invite an email that already has access', async () => {
    const { dialog, email, send } = await openInvitation()
    fill(email, 'viewer@acme.test')
    await send()
    expect(await within(dialog).findByText(/This email already has access/)).toBeInTheDocument()
  })

  it('offers only View activity on the signed-in user’s own row', async () => {
    const user = userEvent.setup()
    await open('/user-management')
    const own = await rowOf('owner@acme.test')
    expect(within(own).getByText('You')).toBeInTheDocument()
    await user.click(within(own).getByRole('button', { name: 'Actions for Olivia Owner' }))
    const items = await screen.findAllByRole('menuitem', { hidden: true })
    expect(items.map((item) => item.textContent)).toEqual(['View activity'])
    await user.keyboard('{Escape}')
    const other = await rowOf('viewer@acme.test')
    expect(within(other).getByRole('button', { name: 'Actions for Victor Viewer' })).toBeInTheDocument()
  })

  it('deactivates a user once it is confirmed', async () => {
    await open('/user-management?search=viewer')
    await viewerAction('Deactivate')
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Victor Viewer?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }))
    await viewerShows('Deactivated')
  })

  it('reactivates a deactivated user', async () => {
    await deactivateThroughPlatform('viewer@acme.test')
    await open('/user-management?search=viewer')
    await viewerShows('Deactivated')
    await viewerAction('Reactivate')
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reactivate' }),
    )
    await viewerShows('Active')
  })

  it('changes a user’s access level', async () => {
    const user = userEvent.setup()
    await open('/user-management?search=viewer')
    await viewerAction('Change access level')
    const access = await screen.findByRole('dialog', { name: 'Access level of Victor Viewer' })
    await user.click(within(access).getByRole('radio', { name: /^Read and write/ }))
    await user.click(within(access).getByRole('button', { name: 'Save access level' }))
    await viewerShows('Read and write')
  })
})
