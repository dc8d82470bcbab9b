import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { type RenderedApp, renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()

beforeEach(() => {
  sandbox.reset()
})

function open(path: string, as = 'owner@acme.test'): Promise<RenderedApp> {
  return renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path, as })
}

function fill(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } })
}

const dataRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)

describe('the locations page', () => {
  it('pages through 312 stores and searches them, keeping both in the URL', async () => {
    const app = await open('/locations?page=2')
    await screen.findByRole('heading', { level: 1, name: 'Locations' }, { timeout: 10_000 })
    const table = await screen.findByRole('table')
    expect(screen.getByText('Showing 26–50 of 312')).toBeInTheDocument()
    expect(within(dataRows(table)[0] as HTMLElement).getByText('Store 0026')).toBeInTheDocument()

    fill(screen.getByRole('textbox', { name: 'Search locations' }), 'Boise')
    await waitFor(() => expect(app.router.state.location.search).toEqual({ search: 'Boise' }))
    await waitFor(() => expect(dataRows(table).every((row) => row.textContent?.includes('Boise'))).toBe(true))

    fill(screen.getByRole('textbox', { name: 'Search locations' }), 'no such store anywhere')
    expect(
      await screen.findByText('No locations match these filters', undefined, { timeout: 5_000 }),
    ).toBeInTheDocument()
  })

  it('edits a store: validates as the owner types, saves, and shows the change', async () => {
    const user = userEvent.setup()
    await open('/locations')
    const table = await screen.findByRole('table', undefined, { timeout: 10_000 })
    const [row] = dataRows(table)
    if (!row) throw new Error('no row')
    await user.click(within(row).getByRole('button', { name: /^Edit / }))
    const dialog = await screen.findByRole('dialog', { name: /^Edit / })

    const name = within(dialog).getByRole('textbox', { name: /^Store name/ })
    fill(name, '')
    fireEvent.blur(name)
    expect(within(dialog).getByText('Required.')).toBeInTheDocument()
    fill(name, 'Denver Flagship')
    expect(within(dialog).queryByText('Required.')).toBeNull()

    const monday = within(dialog).getByRole('group', { name: 'Monday' })
    const closes = within(monday).getByLabelText('Closes')
    fill(closes, '06:00')
    fireEvent.blur(closes)
    expect(within(monday).getByText('Closing time must be after opening time.')).toBeInTheDocument()
    fill(closes, '22:00')
    const sunday = within(dialog).getByRole('group', { name: 'Sunday' })
    const sundayClosed = within(sunday).getByRole('checkbox', { name: 'Closed all day' })
    if (!(sundayClosed as HTMLInputElement).checked) await user.click(sundayClosed)
    expect(within(sunday).queryByLabelText('Opens')).toBeNull()

    await user.click(within(dialog).getByRole('button', { name: 'Save location' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(within(table).getByText('Denver Flagship')).toBeInTheDocument())
  })

  it('shows a read-only user no edit control', async () => {
    await open('/locations', 'viewer@acme.test')
    const table = await screen.findByRole('table', undefined, { timeout: 10_000 })
    expect(dataRows(table)).toHaveLength(25)
    expect(within(table).queryAllByRole('button')).toHaveLength(0)
  })
})
