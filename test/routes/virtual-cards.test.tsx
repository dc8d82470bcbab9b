import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { beforeEach, describe, expect, it } from 'vitest'
import { createControl } from '../../sandbox/control'
import { ACME_VIRTUAL_CARD_COUNT } from '../../sandbox/resources/virtual-cards'
import { type VirtualCardPage, VirtualCardPageReader } from '../../src/api/schemas/virtual-cards'
import { MERCHANT_IDS, PROGRAM_NAMES } from '../support/platform-ids'
import { itOnce } from '../support/platform-pass'
import { type RenderedApp, renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()

beforeEach(() => {
  sandbox.reset()
})

const cardsPath = `/api/merchant/${MERCHANT_IDS.acme}/virtual-cards`

function open(as: string, merchantID?: string): Promise<RenderedApp> {
  return renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path: '/transactions', as, merchantID })
}

/** Acme Outdoor's issued cards as the platform lists them. */
async function issuedCards(): Promise<VirtualCardPage> {
  const { portalToken } = await createControl(sandbox.apiUrl).session('ops@provider.test', MERCHANT_IDS.acme)
  const response = await fetch(`${sandbox.apiUrl}${cardsPath}?limit=50`, {
    headers: { Authorization: `Bearer ${portalToken}`, 'X-API-Version': 'v2', Accept: 'application/json' },
  })
  return v.parse(VirtualCardPageReader, await response.json()).data
}

/** The transactions page has rendered its table: every control the page will show is there. */
async function pageReady(): Promise<void> {
  await screen.findByRole('heading', { level: 1, name: 'Transactions' }, { timeout: 10_000 })
  await screen.findByRole('table', undefined, { timeout: 10_000 })
}

/** Provider staff for Acme Outdoor, on the transactions page with the issuance dialog open. */
async function openIssuance() {
  const user = userEvent.setup()
  await open('ops@provider.test', MERCHANT_IDS.acme)
  await pageReady()
  const section = await screen.findByRole('region', { name: 'In-store virtual cards' })
  await user.click(within(section).getByRole('button', { name: 'Issue virtual card' }))
  const dialog = await screen.findByRole('dialog', { name: 'Issue a virtual card' }, { timeout: 5_000 })
  const amount = within(dialog).getByRole('textbox', { name: /^Amount/ })
  const submit = () => user.click(within(dialog).getByRole('button', { name: 'Issue card' }))
  return { user, section, dialog, amount, submit }
}

/** Issues a card for $1,250.00 through the open dialog; answers the dialog that shows it and the card as stored. */
async function issueCard(issuance: Awaited<ReturnType<typeof openIssuance>>) {
  fireEvent.change(issuance.amount, { target: { value: '$1,250.00' } })
  await issuance.submit()
  const issued = await screen.findByRole('dialog', { name: 'Virtual card issued' }, { timeout: 5_000 })
  const [card] = (await issuedCards()).items
  if (!card) throw new Error('no card stored')
  return { ...issuance, issued, card }
}

const masked = (last4: string) => `•••• •••• •••• ${last4}`

describe('virtual card issuance on the transactions page', () => {
  itOnce('says what is wrong with the amount as it is typed and on submit, and sends nothing', async () => {
    const { user, dialog, amount, submit } = await openIssuance()
    // Submitting empty says what is missing and moves to it.
    await submit()
    expect(await within(dialog).findByText('Enter the card’s amount.')).toBeInTheDocument()
    await waitFor(() => expect(amount).toHaveFocus())
    // As you type: what cannot become an amount, and what is over the limit.
    await user.type(amount, '25x')
    expect(await within(dialog).findByText('Enter an amount such as 250.00.')).toBeInTheDocument()
    fireEvent.change(amount, { target: { value: '12500' } })
    expect(await within(dialog).findByText('A card is for at most $10,000.00.')).toBeInTheDocument()
    fireEvent.change(amount, { target: { value: '0.50' } })
    await submit()
    expect(await within(dialog).findByText('A card is for at least $1.00.')).toBeInTheDocument()
    expect(await sandbox.control.requests({ path: cardsPath, method: 'POST' })).toHaveLength(0)
  })

  it('shows the platform’s reason for a refusal and keeps the amount typed', async () => {
    const { dialog, amount, submit } = await openIssuance()
    fireEvent.change(amount, { target: { value: '$1,250.00' } })
    await sandbox.control.addFault({
      method: 'POST',
      path: cardsPath,
      kind: 'status',
      status: 403,
      body: { error: { code: 'insufficient_scope', message: 'This call needs the c:vc.issuance scope.' } },
      times: 1,
    })
    await submit()
    const refusal = await within(dialog).findByRole('alert')
    expect(refusal).toHaveTextContent('The platform refused this card')
    expect(refusal).toHaveTextContent('This call needs the c:vc.issuance scope.')
    expect(amount).toHaveValue('$1,250.00')
  })

  it('issues one card for a double click, with the merchant’s only program chosen for the user', async () => {
    const { user, dialog, amount } = await openIssuance()
    expect(within(dialog).getByLabelText(/^Program/, { selector: 'input' })).toHaveValue(
      PROGRAM_NAMES.acmeInstore,
    )
    fireEvent.change(amount, { target: { value: '$1,250.00' } })
    await user.dblClick(within(dialog).getByRole('button', { name: 'Issue card' }))
    const issued = await screen.findByRole('dialog', { name: 'Virtual card issued' }, { timeout: 5_000 })
    expect(within(issued).getByText('Card issued for $1,250.00')).toBeInTheDocument()
    const stored = await issuedCards()
    expect(stored.pagination.total).toBe(ACME_VIRTUAL_CARD_COUNT + 1)
    expect(stored.items[0]).toMatchObject({
      amount: 1_250_00,
      status: 'ACTIVE',
      issuedBy: 'ops@provider.test',
    })
  })

  it('shows the issued card masked until revealed, says when it is shown, and hides it again', async () => {
    const { user, issued, card } = await issueCard(await openIssuance())
    expect(within(issued).getByTestId('card-number')).toHaveTextContent(masked(card.last4))
    expect(within(issued).getByTestId('card-cvv')).toHaveTextContent('•••')

    await user.click(within(issued).getByRole('button', { name: 'Reveal card details' }))
    const shown = within(issued).getByTestId('card-number').textContent ?? ''
    expect(shown).toMatch(/^4000 00\d\d \d{4} \d{4}$/)
    expect(shown.endsWith(card.last4)).toBe(true)
    expect(within(issued).getByTestId('card-cvv').textContent).toMatch(/^\d{3}$/)
    expect(within(issued).getByText('Hidden again in 30 seconds.')).toBeInTheDocument()
    expect(within(issued).getByRole('status')).toHaveTextContent(
      'Card number and CVV shown. They are hidden again in 30 seconds.',
    )

    await user.click(within(issued).getByRole('button', { name: 'Hide card details' }))
    expect(within(issued).getByTestId('card-number')).toHaveTextContent(masked(card.last4))
    expect(within(issued).getByRole('status')).toHaveTextContent('Card number and CVV hidden.')
  })

  it('copies the issued card’s number, without its spaces', async () => {
    const { user, issued } = await issueCard(await openIssuance())
    await user.click(within(issued).getByRole('button', { name: 'Reveal card details' }))
    const shown = within(issued).getByTestId('card-number').textContent ?? ''
    await user.click(within(issued).getByRole('button', { name: 'Copy card number' }))
    expect(await within(issued).findByRole('button', { name: 'Copied' })).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(shown.replaceAll(' ', ''))
  })

  it('lists the 3 latest cards, and once the issued card is closed, leads the list with it, masked', async () => {
    const issuance = await openIssuance()
    expect(
      await within(issuance.section).findByText(`The 3 latest of ${ACME_VIRTUAL_CARD_COUNT} cards issued`),
    ).toBeInTheDocument()
    expect(within(issuance.section).getAllByRole('listitem')).toHaveLength(3)
    const { user, section, issued, card } = await issueCard(issuance)
    await user.click(within(issued).getByRole('button', { name: 'Reveal card details' }))
    const shown = within(issued).getByTestId('card-number').textContent ?? ''
    expect(shown).toMatch(/^4000 /)

    await user.click(within(issued).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(
      await within(section).findByText(`The 3 latest of ${ACME_VIRTUAL_CARD_COUNT + 1} cards issued`),
    ).toBeInTheDocument()
    const items = within(section).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(items[0]).toHaveTextContent(masked(card.last4))
    expect(items[0]).toHaveTextContent('$1,250.00')
    expect(items[0]).toHaveTextContent('Ready to use')
    expect(document.body).not.toHaveTextContent(shown)
  })

  it.each([
    ['owner@acme.test, who lacks c:vc.issuance', 'owner@acme.test', undefined],
    [
      'provider staff for Initech Dental, which has no in-store virtual card program',
      'ops@provider.test',
      MERCHANT_IDS.initech,
    ],
  ])('shows no issuance controls to %s', async (_, as, merchantID) => {
    const control = createControl(sandbox.apiUrl)
    await open(as, merchantID)
    await pageReady()
    expect(screen.queryByRole('region', { name: 'In-store virtual cards' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Issue virtual card' })).toBeNull()
    // Nor does the page ask the platform for cards it would refuse to list.
    expect(await control.requests({ path: '/api/merchant/*/virtual-cards' })).toHaveLength(0)
  })
})
