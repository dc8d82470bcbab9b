import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { BusinessProfile } from '../../src/api/schemas/settings'
import { MERCHANT_IDS } from '../support/platform-ids'
import { itOnce } from '../support/platform-pass'
import {
  openSettings,
  pageHeading,
  readThroughApi,
  refuseOnce,
  savedAlert,
  startSettingsSandbox,
} from './settings-support'

const { sandbox, control } = startSettingsSandbox()
const profilePath = `/api/merchant/${MERCHANT_IDS.acme}/business-profile`

describe('account settings', () => {
  it('shows a read-only user the profile as plain values, with no form', async () => {
    await openSettings(sandbox(), '/general-settings', 'support@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Account settings')
    const section = screen.getByRole('region', { name: 'Business profile' })
    expect(within(section).getByText('Acme Outdoor Supply, LLC')).toBeInTheDocument()
    expect(within(section).getByText('help@acmeoutdoor.example')).toBeInTheDocument()
    expect(screen.queryByRole('form')).toBeNull()
    expect(screen.queryAllByRole('textbox')).toHaveLength(0)
    // The settings navigation lists exactly what the persona may open: internal settings, no edits.
    const nav = screen.getByRole('navigation', { name: 'Settings' })
    expect(within(nav).getByRole('link', { name: 'Account settings' }).getAttribute('aria-current')).toBe(
      'page',
    )
    expect(within(nav).getByRole('link', { name: 'Internal settings' })).toBeInTheDocument()
  })

  it('keeps the heading and the settings menu when the profile cannot be read, and Try Again loads it', async () => {
    const user = userEvent.setup()
    const fault = await control().addFault({ method: 'GET', path: profilePath, kind: 'status', status: 500 })
    await openSettings(sandbox(), '/account-settings', 'owner@acme.test')
    expect(await screen.findByText('Oops...', undefined, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Settings' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Business profile' })).toBeNull()

    await control().removeFault(fault)
    await user.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('region', { name: 'Business profile' })).toBeInTheDocument()
    expect(screen.queryByText('Oops...')).toBeNull()
  })

  it('lets an editor save, and the platform holds the new values', async () => {
    const user = userEvent.setup()
    const { router } = await openSettings(sandbox(), '/account-settings', 'owner@acme.test')
    await pageHeading('Account settings')
    const nav = screen.getByRole('navigation', { name: 'Settings' })
    expect(within(nav).queryByRole('link', { name: 'Internal settings' })).toBeNull()

    const save = screen.getByRole('button', { name: 'Save changes' })
    expect(save).toHaveProperty('disabled', true)
    const displayName = screen.getByRole('textbox', { name: /Display name/ })
    await user.clear(displayName)
    await user.type(displayName, 'Acme Outdoor & Co')
    await user.click(screen.getByLabelText(/Time zone/, { selector: 'input' }))
    await user.click(await screen.findByRole('option', { name: 'Pacific Time (Los Angeles)', hidden: true }))
    await user.click(save)

    await savedAlert('Your business profile was saved.')
    // The merchant's time zone follows, so every date in the portal moves with it.
    await waitFor(() => {
      const authed = router.state.matches.find((match) => match.routeId === '/_authed/_merchant')
      expect(authed?.context.merchant?.timeZone).toBe('America/Los_Angeles')
    })
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true),
    )
    const stored = await readThroughApi<{ data: BusinessProfile }>(sandbox(), profilePath, 'owner@acme.test')
    expect(stored.data).toMatchObject({ displayName: 'Acme Outdoor & Co', timeZone: 'America/Los_Angeles' })
  })

  itOnce('checks fields after their first blur and on submit, and sends nothing while invalid', async () => {
    const user = userEvent.setup()
    await openSettings(sandbox(), '/account-settings', 'owner@acme.test')
    await pageHeading('Account settings')
    await control().clearRequests()

    const email = screen.getByRole('textbox', { name: /Support email/ })
    await user.clear(email)
    await user.type(email, 'help@')
    expect(screen.queryByText('Enter an email address such as help@example.com.')).toBeNull()
    await user.tab()
    expect(await screen.findByText('Enter an email address such as help@example.com.')).toBeInTheDocument()
    await user.type(email, 'acme.example')
    await waitFor(() =>
      expect(screen.queryByText('Enter an email address such as help@example.com.')).toBeNull(),
    )

    const zip = screen.getByRole('textbox', { name: /ZIP code/ })
    await user.clear(zip)
    await user.type(zip, '8020')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText(/This postal code does not fit the country/)).toBeInTheDocument()
    await waitFor(() => expect(document.activeElement).toBe(zip))
    expect(await control().requests({ path: profilePath, method: 'PUT' })).toHaveLength(0)
  })

  it('keeps the input and shows the server message when the save is refused', async () => {
    const user = userEvent.setup()
    await openSettings(sandbox(), '/account-settings', 'owner@acme.test')
    await pageHeading('Account settings')
    await refuseOnce(control(), 'PUT', profilePath, 409, 'Someone changed this profile a moment ago.')

    const contact = screen.getByRole('textbox', { name: /Contact name/ })
    await user.clear(contact)
    await user.type(contact, 'Dana Director')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    const error = await screen.findByRole('alert')
    expect(error.textContent).toContain('Your changes were not saved.')
    expect(error.textContent).toContain('Someone changed this profile a moment ago.')
    expect(contact).toHaveProperty('value', 'Dana Director')

    // The fault was one-shot: saving again works.
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await savedAlert('Your business profile was saved.')
    const stored = await readThroughApi<{ data: BusinessProfile }>(sandbox(), profilePath, 'owner@acme.test')
    expect(stored.data.contactName).toBe('Dana Director')
  })

  itOnce('asks before leaving with unsaved changes, and keeps them on "Keep editing"', async () => {
    const user = userEvent.setup()
    const { router } = await openSettings(sandbox(), '/account-settings', 'owner@acme.test')
    await pageHeading('Account settings')
    const city = screen.getByRole('textbox', { name: /City/ })
    await user.clear(city)
    await user.type(city, 'Boulder')

    await user.click(
      within(screen.getByRole('navigation', { name: 'Settings' })).getByRole('link', {
        name: 'Bank information',
      }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.pathname).toBe('/account-settings')
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveProperty('value', 'Boulder')

    void router.navigate({ to: '/bank-information' })
    const again = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })
    await user.click(within(again).getByRole('button', { name: 'Discard changes' }))
    await pageHeading('Bank information')
    expect(router.state.location.pathname).toBe('/bank-information')
  })

  itOnce('vetoes a merchant switch while the form is dirty, until the user discards', async () => {
    const user = userEvent.setup()
    const { context } = await openSettings(
      sandbox(),
      '/account-settings',
      'ops@provider.test',
      MERCHANT_IDS.acme,
    )
    await pageHeading('Account settings')
    const legal = screen.getByRole('textbox', { name: /Legal name/ })
    await user.type(legal, ' (draft)')

    const chooser = screen.getByLabelText('Merchant', { selector: 'input' })
    await user.click(chooser)
    await user.click(
      await screen.findByRole('option', { name: 'Globex Home', hidden: true }, { timeout: 5_000 }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })
    expect(dialog.textContent).toContain('If you switch merchant now')
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(context.services.session.current()?.claims.cid).toBe(MERCHANT_IDS.acme)
    expect(screen.getByRole('textbox', { name: /Legal name/ })).toHaveProperty(
      'value',
      'Acme Outdoor Supply, LLC (draft)',
    )

    await user.click(chooser)
    await user.click(
      await screen.findByRole('option', { name: 'Globex Home', hidden: true }, { timeout: 5_000 }),
    )
    const again = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })
    await user.click(within(again).getByRole('button', { name: 'Discard changes' }))
    await waitFor(() => expect(context.services.session.current()?.claims.cid).toBe(MERCHANT_IDS.globex))
    await waitFor(
      () =>
        expect(screen.getByRole('textbox', { name: /Legal name/ })).toHaveProperty(
          'value',
          'Globex Home Corporation',
        ),
      { timeout: 5_000 },
    )
  })
})
