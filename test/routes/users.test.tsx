import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createControl } from '../../sandbox/control'
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

describe('user management', () => {
  it('invites a user: checks the email, sends the invitation, and refuses a second one', async () => {
    const user = userEvent.setup()
    await open('/user-management')
    await screen.findByRole('heading', { level: 1, name: 'User management' }, { timeout: 10_000 })
    await user.click(screen.getByRole('button', { name: 'Invite user' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' })
    const email = within(dialog).getByRole('textbox', { name: /^Email/ })

    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    expect(within(dialog).getByText('Required.')).toBeInTheDocument()
    fill(email, 'nia.hire@')
    expect(within(dialog).getByText(/Enter an email address/)).toBeInTheDocument()
    fill(email, 'Nia.Hire@acme.test')
    fill(within(dialog).getByRole('textbox', { name: 'Name (optional)' }), 'Nia Hire')
    await user.click(within(dialog).getByRole('radio', { name: /^Read and write/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    const row = await rowOf('nia.hire@acme.test')
    expect(within(row).getByText('Invited')).toBeInTheDocument()
    expect(within(row).getByText('Read and write')).toBeInTheDocument()
    const [mail] = await createControl(sandbox.apiUrl).outbox({
      to: 'nia.hire@acme.test',
      kind: 'INVITATION',
    })
    expect(mail?.link).toMatch(/\/activate\/[\w-]+$/)

    await user.click(screen.getByRole('button', { name: 'Invite user' }))
    const again = await screen.findByRole('dialog', { name: 'Invite a user' })
    fill(within(again).getByRole('textbox', { name: /^Email/ }), 'nia.hire@acme.test')
    await user.click(within(again).getByRole('button', { name: 'Send invitation' }))
    expect(await within(again).findByText(/This email already has access/)).toBeInTheDocument()
  })

  it('has no actions on the signed-in user’s own row', async () => {
    await open('/user-management')
    const own = await rowOf('owner@acme.test')
    expect(within(own).getByText('You')).toBeInTheDocument()
    expect(within(own).queryByRole('button')).toBeNull()
    const other = await rowOf('viewer@acme.test')
    expect(within(other).getByRole('button', { name: 'Actions for Victor Viewer' })).toBeInTheDocument()
  })

  it('deactivates after confirmation, reactivates, and changes an access level', async () => {
    const user = userEvent.setup()
    await open('/user-management?search=viewer')
    const actions = async () => {
      await user.click(within(await rowOf('viewer@acme.test')).getByRole('button', { name: /^Actions for/ }))
    }

    await actions()
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate', hidden: true }))
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Victor Viewer?' })
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }))
    await waitFor(async () =>
      expect(within(await rowOf('viewer@acme.test')).getByText('Deactivated')).toBeInTheDocument(),
    )

    await actions()
    await user.click(await screen.findByRole('menuitem', { name: 'Reactivate', hidden: true }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reactivate' }))
    await waitFor(async () =>
      expect(within(await rowOf('viewer@acme.test')).getByText('Active')).toBeInTheDocument(),
    )

    await actions()
    await user.click(await screen.findByRole('menuitem', { name: 'Change access level', hidden: true }))
    const access = await screen.findByRole('dialog', { name: 'Access level of Victor Viewer' })
    await user.click(within(access).getByRole('radio', { name: /^Read and write/ }))
    await user.click(within(access).getByRole('button', { name: 'Save access level' }))
    await waitFor(async () =>
      expect(within(await rowOf('viewer@acme.test')).getByText('Read and write')).toBeInTheDocument(),
    )
  })
})
