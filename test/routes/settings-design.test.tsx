import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { CheckoutDesign, Placements } from '../../src/api/schemas/settings'
import { monthlyPayment } from '../../src/features/settings/design/financing-math'
import { MERCHANT_IDS, PROGRAM_IDS, PROGRAM_NAMES } from '../support/platform-ids'
import { renderApp } from '../support/render-app'
import {
  expectGuarded,
  openSettings,
  pageHeading,
  readThroughApi,
  refuseOnce,
  savedAlert,
  startSettingsSandbox,
} from './settings-support'

const { sandbox, control } = startSettingsSandbox()
const designPath = `/api/merchant/${MERCHANT_IDS.acme}/checkout-design`
const placementsPath = `/api/merchant/${MERCHANT_IDS.acme}/placements`
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

/** Chooses an option of one Mantine Select, among several on the page with the same options. */
async function pick(user: UserEvent, input: HTMLElement, name: string) {
  await user.click(input)
  // Option lists mount only while open, so the open select's list is the only one on the page.
  const listbox = await waitFor(() => screen.getByRole('listbox', { hidden: true }))
  await user.click(within(listbox).getByRole('option', { name, hidden: true }))
}

describe('checkout design', () => {
  it('previews the logo only from an origin the policy lets images load from (config imageOrigins)', async () => {
    const logo = { name: /logo$/ }
    const open = (imageOrigins: string[]) =>
      renderApp({
        apiUrl: sandbox().apiUrl,
        idpUrl: sandbox().idpUrl,
        path: '/checkout-design',
        as: 'owner@acme.test',
        config: { imageOrigins },
      })
    await open([])
    await pageHeading('Checkout design')
    // The sandbox's logo for Acme is on https://cdn.acmeoutdoor.example: not allowed, so never asked for.
    expect(screen.getByRole('textbox', { name: /Logo address/ })).toHaveProperty(
      'value',
      'https://cdn.acmeoutdoor.example/logo.svg',
    )
    expect(screen.queryByRole('img', logo)).toBeNull()
    cleanup()

    await open(['https://cdn.acmeoutdoor.example'])
    await pageHeading('Checkout design')
    expect(screen.getByRole('img', logo).getAttribute('src')).toBe('https://cdn.acmeoutdoor.example/logo.svg')
  })

  it('shows a read-only user the design and its preview, with no form', async () => {
    await openSettings(sandbox(), '/checkout-design', 'support@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Checkout design')
    expect(screen.getByText('#1C7C54')).toBeInTheDocument()
    expect(screen.getAllByText('Gear up now, pay over time')).toHaveLength(2)
    // Acme Online Financing quotes 9.99%: $250 over 12 months.
    expect(
      screen.getByText(`12 monthly payments of ${dollars(monthlyPayment(25_000, 9.99, 12))} at 9.99% APR`),
    ).toBeInTheDocument()
    expect(screen.queryByRole('form')).toBeNull()
  })

  it('previews changes live and saves them', async () => {
    const user = userEvent.setup()
    await openSettings(sandbox(), '/checkout-design', 'owner@acme.test')
    await pageHeading('Checkout design')
    const color = screen.getByRole('textbox', { name: /Brand colour/ })
    await user.clear(color)
    await user.paste('#ffd43b')
    await user.click(screen.getByRole('radio', { name: 'Pill' }))
    const headline = screen.getByRole('textbox', { name: /Headline/ })
    await user.clear(headline)
    await user.paste('Adventure now, pay later')

    const button = screen.getByTestId('preview-button')
    await waitFor(() => expect(button.style.borderRadius).toBe('999px'))
    // A light colour gets dark button text, for contrast.
    expect(button.style.color.toLowerCase()).toMatch(/^(#1a1b1e|rgb\(26, 27, 30\))$/)
    expect(screen.getAllByText('Adventure now, pay later').length).toBeGreaterThan(0)

    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await savedAlert('Your checkout design was saved.')
    const stored = await readThroughApi<{ data: CheckoutDesign }>(sandbox(), designPath, 'owner@acme.test')
    expect(stored.data).toMatchObject({
      primaryColor: '#FFD43B',
      buttonStyle: 'PILL',
      headline: 'Adventure now, pay later',
    })
  })

  it('refuses a logo that is not an https image, keeps the input when the save fails, and guards it', async () => {
    const user = userEvent.setup()
    const app = await openSettings(sandbox(), '/checkout-design', 'ops@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Checkout design')
    const logo = screen.getByRole('textbox', { name: /Logo address/ })
    await user.clear(logo)
    await user.paste('http://example.com/logo.gif')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(
      await screen.findByText(/Use an https:\/\/ address of a PNG, SVG, JPEG or WebP image/),
    ).toBeInTheDocument()

    await user.clear(logo)
    await user.paste('https://cdn.acme.example/new-logo.png')
    await refuseOnce(control(), 'PUT', designPath, 500, 'The design service could not store the logo.')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The design service could not store the logo.',
    )
    expect(logo).toHaveProperty('value', 'https://cdn.acme.example/new-logo.png')
    await expectGuarded(user, app, MERCHANT_IDS.globex)
  })
})

describe('placement design', () => {
  it('shows a read-only user each page type and a preview, with no form', async () => {
    await openSettings(sandbox(), '/placement-design', 'support@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Placement design')
    const stored = await readThroughApi<{ data: Placements }>(
      sandbox(),
      placementsPath,
      'support@provider.test',
      MERCHANT_IDS.acme,
    )
    const product = stored.data.placements.find((placement) => placement.pageType === 'PRODUCT')
    if (!product) throw new Error('no product placement')
    expect(
      screen.getByText(`Text line, quoting ${product.termMonths} months of ${PROGRAM_NAMES.acmeEcomm}`),
    ).toBeInTheDocument()
    expect(screen.getByText('Not shown')).toBeInTheDocument()
    const amount = dollars(monthlyPayment(25_000, 9.99, product.termMonths))
    expect(screen.getByTestId('message-PRODUCT').textContent).toBe(
      `Pay over time: as low as ${amount} a month for ${product.termMonths} months at 9.99% APR.`,
    )
    expect(screen.queryByRole('switch')).toBeNull()
  })

  it('keeps the heading when the placements cannot be read, and Try Again loads them', async () => {
    const user = userEvent.setup()
    const fault = await control().addFault({
      method: 'GET',
      path: placementsPath,
      kind: 'status',
      status: 500,
    })
    await openSettings(sandbox(), '/placement-design', 'owner@acme.test')
    expect(await screen.findByText('Oops...', undefined, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Placement design' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Messages by page type' })).toBeNull()

    await control().removeFault(fault)
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('region', { name: 'Messages by page type' })).toBeInTheDocument()
    expect(screen.queryByText('Oops...')).toBeNull()
  })

  it('computes the monthly amount from the program terms as the user edits, and saves', async () => {
    const user = userEvent.setup()
    await openSettings(sandbox(), '/placement-design', 'owner@acme.test')
    await pageHeading('Placement design')
    await user.click(screen.getByRole('switch', { name: 'Show at checkout' }))
    const checkout = screen.getByRole('switch', { name: 'Show at checkout' }).closest('.mantine-Paper-root')
    if (!(checkout instanceof HTMLElement)) throw new Error('no checkout card')
    await pick(user, within(checkout).getByLabelText('Months quoted', { selector: 'input' }), '24')
    await pick(
      user,
      within(checkout).getByLabelText('Program quoted', { selector: 'input' }),
      PROGRAM_NAMES.acmeInstore,
    )
    const price = screen.getByRole('textbox', { name: /Sample price/ })
    await user.clear(price)
    await user.paste('1000')
    // The in-store program quotes no interest: 24 even payments.
    await waitFor(() =>
      expect(screen.getByTestId('message-CHECKOUT').textContent).toBe(
        `Pay over time: 24 interest-free monthly payments of ${dollars(monthlyPayment(100_000, 0, 24))}.`,
      ),
    )

    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await savedAlert('Placements saved: 3 page types show a financing message.')
    const stored = await readThroughApi<{ data: Placements }>(sandbox(), placementsPath, 'owner@acme.test')
    expect(stored.data.placements.find((placement) => placement.pageType === 'CHECKOUT')).toEqual({
      pageType: 'CHECKOUT',
      enabled: true,
      style: 'TEXT',
      programID: PROGRAM_IDS.acmeInstore,
      termMonths: 24,
    })
  })

  it('keeps the input when the save fails, and guards it', async () => {
    const user = userEvent.setup()
    const app = await openSettings(sandbox(), '/placement-design', 'ops@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Placement design')
    await user.click(screen.getByRole('switch', { name: 'Show on product pages' }))
    await refuseOnce(control(), 'PUT', placementsPath, 409, 'Another placement change is being published.')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Another placement change is being published.',
    )
    expect(screen.getByRole('switch', { name: 'Show on product pages' })).toHaveProperty('checked', false)
    await expectGuarded(user, app, MERCHANT_IDS.globex)
  })
})
