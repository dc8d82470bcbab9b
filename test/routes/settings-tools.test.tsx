import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { VerificationCode } from '../../src/api/schemas/settings'
import { MERCHANT_IDS } from '../support/platform-ids'
import {
  openSettings,
  pageHeading,
  readThroughApi,
  refuseOnce,
  startSettingsSandbox,
} from './settings-support'

const { sandbox, control } = startSettingsSandbox()

describe('location verification codes', () => {
  it('lists every open location with its code, searchable and copyable', async () => {
    const user = userEvent.setup()
    const { router } = await openSettings(sandbox(), '/location-verification-codes', 'owner@acme.test')
    await pageHeading('Location verification codes')
    const codes = (
      await readThroughApi<{ data: { items: VerificationCode[] } }>(
        sandbox(),
        `/api/merchant/${MERCHANT_IDS.acme}/location-verification-codes`,
        'owner@acme.test',
      )
    ).data.items
    expect(codes.length).toBeGreaterThan(25)
    expect(
      screen.getByText(`${codes.length} open locations; closed locations have no code.`),
    ).toBeInTheDocument()
    const table = screen.getByRole('table')
    expect(within(table).getAllByRole('row')).toHaveLength(26)

    const wanted = codes[40]
    if (!wanted) throw new Error('too few codes')
    // Codes are found without their dash and in any case.
    await user.type(
      screen.getByRole('textbox', { name: 'Search locations' }),
      wanted.code.replace('-', '').toLowerCase(),
    )
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2))
    expect(router.state.location.search).toEqual({ q: wanted.code.replace('-', '').toLowerCase() })
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]
    if (!row) throw new Error('no row')
    expect(within(row).getByText(wanted.locationName)).toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: `Copy the code of ${wanted.locationName}` }))
    expect(await navigator.clipboard.readText()).toBe(wanted.code)

    await user.clear(screen.getByRole('textbox', { name: 'Search locations' }))
    await user.paste('no such store anywhere')
    expect(await screen.findByText('No location matches “no such store anywhere”.')).toBeInTheDocument()
  })
})

describe('merchant ID validation', () => {
  it('checks many ids at once and says which are valid for virtual cards', async () => {
    const user = userEvent.setup()
    await openSettings(sandbox(), '/merchant-id-validation', 'ops@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Merchant ID validation')
    await user.click(screen.getByRole('button', { name: 'Check' }))
    expect(await screen.findByText('Enter at least one merchant ID.')).toBeInTheDocument()

    await user.click(screen.getByRole('textbox', { name: /Merchant IDs/ }))
    await user.paste(
      `${MERCHANT_IDS.acme}\n${MERCHANT_IDS.initech}, 99999999-0000-4000-8000-000000000000; not-an-id ${MERCHANT_IDS.acme}`,
    )
    await user.click(screen.getByRole('button', { name: 'Check' }))
    const results = await screen.findByRole('table', { name: 'Results' })
    const rows = within(results).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      `${MERCHANT_IDS.acme}Acme OutdoorValid`,
      `${MERCHANT_IDS.initech}Initech DentalNo virtual card program`,
      '99999999-0000-4000-8000-000000000000—No such merchant',
      'not-an-id—Not a merchant ID',
    ])
    expect(screen.getByText('Valid: 1 of 4 IDs.')).toBeInTheDocument()
  })

  it('shows why a check failed and keeps the ids', async () => {
    const user = userEvent.setup()
    await openSettings(sandbox(), '/merchant-id-validation', 'ops@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Merchant ID validation')
    await refuseOnce(
      control(),
      'POST',
      '/api/merchant-id-validation',
      500,
      'The merchant registry is unavailable.',
    )
    const ids = screen.getByRole('textbox', { name: /Merchant IDs/ })
    await user.click(ids)
    await user.paste(MERCHANT_IDS.globex)
    await user.click(screen.getByRole('button', { name: 'Check' }))
    expect((await screen.findByRole('alert')).textContent).toContain('The merchant registry is unavailable.')
    expect(ids).toHaveProperty('value', MERCHANT_IDS.globex)
  })
})
