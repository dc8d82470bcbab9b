import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { FundingSettings } from '../../src/api/schemas/settings'
import { MERCHANT_IDS } from '../support/platform-ids'
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
const fundingPath = `/api/merchant/${MERCHANT_IDS.acme}/funding-settings`

describe('funding settings', () => {
  it('shows a read-only user the schedule and settlement options in words, with no form', async () => {
    await openSettings(sandbox(), '/funding-settings', 'support@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Funding settings')
    expect(screen.getByText('Every business day')).toBeInTheDocument()
    expect(screen.getByText('ACME OUTDOOR PAYOUT')).toBeInTheDocument()
    expect(screen.queryByRole('form')).toBeNull()
    expect(screen.queryAllByRole('radio')).toHaveLength(0)
  })

  it('saves a weekly schedule and a minimum payout in the merchant currency', async () => {
    const user = userEvent.setup()
    await openSettings(sandbox(), '/funding-settings', 'owner@acme.test')
    await pageHeading('Funding settings')
    await user.click(screen.getByRole('radio', { name: /Weekly/ }))
    await user.click(screen.getByLabelText('Day of the week', { selector: 'input' }))
    await user.click(await screen.findByRole('option', { name: 'Tuesday', hidden: true }))
    await user.click(screen.getByRole('radio', { name: /Gross/ }))
    const minimum = screen.getByRole('textbox', { name: /Minimum payout/ })
    await user.clear(minimum)
    await user.paste('25.5')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    await savedAlert('Funding settings saved. Payout schedule: Weekly, every Tuesday.')
    const stored = await readThroughApi<{ data: FundingSettings }>(sandbox(), fundingPath, 'owner@acme.test')
    expect(stored.data.schedule).toEqual({ frequency: 'WEEKLY', weekday: 'TUESDAY' })
    expect(stored.data.settlement).toMatchObject({ feeHandling: 'GROSS', minimumPayoutAmount: 2550 })
    await waitFor(() => expect(minimum).toHaveProperty('value', '25.50'))
  })

  it('refuses an amount that is not money, keeps the input when the platform refuses, and guards it', async () => {
    const user = userEvent.setup()
    const app = await openSettings(sandbox(), '/funding-settings', 'ops@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Funding settings')
    const minimum = screen.getByRole('textbox', { name: /Minimum payout/ })
    await user.clear(minimum)
    await user.type(minimum, '12.345')
    await user.tab()
    expect(await screen.findByText('Enter an amount such as 25.00, or 0 for no minimum.')).toBeInTheDocument()
    await user.clear(minimum)
    await user.type(minimum, '40')

    await refuseOnce(control(), 'PUT', fundingPath, 409, 'Funding settings changed since you opened them.')
    await user.click(screen.getByRole('radio', { name: /Monthly/ }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Funding settings changed since you opened them.',
    )
    expect(screen.getByRole('radio', { name: /Monthly/ })).toHaveProperty('checked', true)
    expect(minimum).toHaveProperty('value', '40')

    await expectGuarded(user, app, MERCHANT_IDS.globex)
    expect(screen.getByRole('radio', { name: /Monthly/ })).toHaveProperty('checked', true)
  })
})
