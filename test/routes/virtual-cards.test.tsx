import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { beforeEach, describe, expect, it } from 'vitest'
import { createControl } from '../../sandbox/control'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { ACME_VIRTUAL_CARD_COUNT } from '../../sandbox/resources/virtual-cards'
import { type VirtualCardPage, VirtualCardPageSchema } from '../../src/api/schemas/virtual-cards'
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
  return v.parse(VirtualCardPageSchema, await response.json()).data
}

/** The transactions page has rendered its table: every control the page will show is there. */
async function pageReady(): Promise<void> {
  await screen.findByRole('heading', { level: 1, name: 'Transactions' }, { timeout: 10_000 })
  await screen.findByRole('table', undefined, { timeout: 10_000 })
}

describe('virtual card issuance on the transactions page', () => {
  it('lets provider staff issue a card for Acme Outdoor: validation, a refusal that keeps the input, one card per double click, masked until revealed', async () => {
    const user = userEvent.setup()
    const control = createControl(sandbox.apiUrl)
    await open('ops@provider.test', MERCHANT_IDS.acme)
    await pageReady()

    const section = screen.getByRole('region', { name: 'In-store virtual cards' })
    expect(
      await within(section).findByText(`The 3 latest of ${ACME_VIRTUAL_CARD_COUNT} cards issued`),
    ).toBeInTheDocument()
    expect(within(section).getAllByRole('listitem')).toHaveLength(3)

    await user.click(within(section).getByRole('button', { name: 'Issue virtual card' }))
    const dialog = await screen.findByRole('dialog', { name: 'Issue a virtual card' }, { timeout: 5_000 })
    // The merchant's only in-store virtual card program is chosen for the user.
    expect(within(dialog).getByLabelText(/^Program/, { selector: 'input' })).toHaveProperty(
      'value',
      'Acme In-Store Card',
    )
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ })

    // Submitting empty says what is missing and moves to it.
    await user.click(within(dialog).getByRole('button', { name: 'Issue card' }))
    expect(await within(dialog).findByText('Enter the card’s amount.')).toBeInTheDocument()
    expect(document.activeElement).toBe(amount)
    // As you type: what cannot become an amount, and what is over the limit.
    await user.type(amount, '25x')
    expect(within(dialog).getByText('Enter an amount such as 250.00.')).toBeInTheDocument()
    fireEvent.change(amount, { target: { value: '12500' } })
    expect(within(dialog).getByText('A card is for at most $10,000.00.')).toBeInTheDocument()
    fireEvent.change(amount, { target: { value: '0.50' } })
    await user.click(within(dialog).getByRole('button', { name: 'Issue card' }))
    expect(within(dialog).getByText('A card is for at least $1.00.')).toBeInTheDocument()
    expect(await control.requests({ path: cardsPath, method: 'POST' })).toHaveLength(0)

    // The platform refuses once: its reason is shown and nothing typed is lost.
    fireEvent.change(amount, { target: { value: '$1,250.00' } })
    await control.addFault({
      method: 'POST',
      path: cardsPath,
      kind: 'status',
      status: 403,
      body: { error: { code: 'insufficient_scope', message: 'This call needs the c:vc.issuance scope.' } },
      times: 1,
    })
    await user.click(within(dialog).getByRole('button', { name: 'Issue card' }))
    const refusal = await within(dialog).findByRole('alert')
    expect(refusal.textContent).toContain('The platform refused this card')
    expect(refusal.textContent).toContain('This call needs the c:vc.issuance scope.')
    expect(amount).toHaveProperty('value', '$1,250.00')

    // A double click issues one card.
    await user.dblClick(within(dialog).getByRole('button', { name: 'Issue card' }))
    const issued = await screen.findByRole('dialog', { name: 'Virtual card issued' }, { timeout: 5_000 })
    const stored = await issuedCards()
    expect(stored.pagination.total).toBe(ACME_VIRTUAL_CARD_COUNT + 1)
    const [newest] = stored.items
    if (!newest) throw new Error('no card stored')
    expect(newest).toMatchObject({ amount: 1_250_00, status: 'ACTIVE', issuedBy: 'ops@provider.test' })

    expect(within(issued).getByText('Card issued for $1,250.00')).toBeInTheDocument()
    const number = within(issued).getByTestId('card-number')
    expect(number.textContent).toBe(`•••• •••• •••• ${newest.last4}`)
    expect(within(issued).getByTestId('card-cvv').textContent).toBe('•••')

    await user.click(within(issued).getByRole('button', { name: 'Reveal card details' }))
    const shown = within(issued).getByTestId('card-number').textContent ?? ''
    expect(shown).toMatch(/^4000 00\d\d \d{4} \d{4}$/)
    expect(shown.endsWith(newest.last4)).toBe(true)
    expect(within(issued).getByTestId('card-cvv').textContent).toMatch(/^\d{3}$/)
    expect(within(issued).getByText('Hidden again in 30 seconds.')).toBeInTheDocument()
    expect(within(issued).getByRole('status').textContent).toBe(
      'Card number and CVV shown. They are hidden again in 30 seconds.',
    )

    await user.click(within(issued).getByRole('button', { name: 'Hide card details' }))
    expect(within(issued).getByTestId('card-number').textContent).toBe(`•••• •••• •••• ${newest.last4}`)
    expect(within(issued).getByRole('status').textContent).toBe('Card number and CVV hidden.')

    await user.click(within(issued).getByRole('button', { name: 'Copy card number' }))
    expect(await within(issued).findByRole('button', { name: 'Copied' })).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(shown.replaceAll(' ', ''))

    await user.click(within(issued).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // The new card leads the list, masked.
    expect(
      await within(section).findByText(`The 3 latest of ${ACME_VIRTUAL_CARD_COUNT + 1} cards issued`),
    ).toBeInTheDocument()
    const [first] = within(section).getAllByRole('listitem')
    expect(first?.textContent).toContain(`•••• •••• •••• ${newest.last4}`)
    expect(first?.textContent).toContain('$1,250.00')
    expect(first?.textContent).toContain('Ready to use')
    expect(document.body.textContent).not.toContain(shown)
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
