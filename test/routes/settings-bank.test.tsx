import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { platformFromEnv } from '../../sandbox/index'
import type { BankInformation } from '../../src/api/schemas/settings'
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
const bankPath = `/api/merchant/${MERCHANT_IDS.acme}/bank-information`

async function fill(label: RegExp, text: string) {
  const user = userEvent.setup()
  const input = screen.getByRole('textbox', { name: label })
  await user.clear(input)
  await user.paste(text)
  return input
}

describe('bank information', () => {
  it('shows a read-only user the account with its number masked, and no form', async () => {
    await openSettings(sandbox(), '/bank-information', 'support@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Bank information')
    const stored = await readThroughApi<{ data: BankInformation }>(
      sandbox(),
      bankPath,
      'support@provider.test',
      MERCHANT_IDS.acme,
    )
    const masked = screen.getByTestId('masked-account-number')
    expect(masked.textContent).toBe(`ending in •••• ${stored.data.accountNumberLast4}`)
    expect(screen.getByText(stored.data.routingNumber)).toBeInTheDocument()
    expect(screen.queryByRole('form')).toBeNull()
    expect(screen.queryAllByRole('textbox')).toHaveLength(0)
  })

  it('saves a new account: the routing number passes the ABA check, the last 4 digits are typed twice', async () => {
    const user = userEvent.setup()
    await openSettings(sandbox(), '/bank-information', 'owner@acme.test')
    await pageHeading('Bank information')
    expect(screen.getByText(/Every admin of Acme Outdoor is notified by email/)).toBeInTheDocument()

    const routing = await fill(/Routing number/, '121000359')
    await user.tab()
    expect(await screen.findByText(/This is not a valid routing number/)).toBeInTheDocument()
    await fill(/Routing number/, '121000358')
    await waitFor(() => expect(screen.queryByText(/This is not a valid routing number/)).toBeNull())
    expect(routing).toHaveProperty('value', '121000358')

    await fill(/^Account number/, '000123456789')
    await fill(/Confirm last 4 digits/, '6780')
    await user.click(screen.getByRole('button', { name: 'Save bank account' }))
    expect(
      await screen.findByText('These are not the account number’s last 4 digits. Check the number.'),
    ).toBeInTheDocument()
    await fill(/Confirm last 4 digits/, '6789')
    await user.click(screen.getByRole('button', { name: 'Save bank account' }))

    // A newer platform answers the save with no body: the page reads the account back, without the count.
    const alert = await savedAlert(
      platformFromEnv() === 'newer'
        ? 'The new bank account was saved.'
        : 'The new bank account was saved. We notified 3 admins by email.',
    )
    expect(alert.textContent).toMatch(/Payouts are on hold until/)
    const stored = await readThroughApi<{ data: BankInformation }>(sandbox(), bankPath, 'owner@acme.test')
    expect(stored.data).toMatchObject({
      routingNumber: '121000358',
      accountNumberLast4: '6789',
      status: 'PENDING_VERIFICATION',
      bankName: 'Bank of America',
    })
    const onFile = screen.getByRole('region', { name: 'Account on file' })
    await waitFor(() => expect(within(onFile).getByText('Bank of America')).toBeInTheDocument())
    expect(within(onFile).getByText('Verification pending')).toBeInTheDocument()
    expect(screen.getByText(/We are verifying this account/)).toBeInTheDocument()
    // The numbers are not kept in the form once saved.
    expect(screen.getByRole('textbox', { name: /Confirm last 4 digits/ })).toHaveProperty('value', '')
  })

  it('keeps what was typed when the save fails, and guards it against leaving and a merchant change', async () => {
    const user = userEvent.setup()
    const app = await openSettings(sandbox(), '/bank-information', 'ops@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Bank information')
    await refuseOnce(control(), 'PUT', bankPath, 500, 'The bank verification service is unavailable.')
    await fill(/Routing number/, '021000021')
    await fill(/^Account number/, '44556677')
    await fill(/Confirm last 4 digits/, '6677')
    await user.click(screen.getByRole('button', { name: 'Save bank account' }))
    const error = await screen.findByRole('alert')
    expect(error.textContent).toContain('The bank verification service is unavailable.')
    expect(screen.getByRole('textbox', { name: /Routing number/ })).toHaveProperty('value', '021000021')
    expect(screen.getByRole('textbox', { name: /Confirm last 4 digits/ })).toHaveProperty('value', '6677')
    const stored = await readThroughApi<{ data: BankInformation }>(
      sandbox(),
      bankPath,
      'ops@provider.test',
      MERCHANT_IDS.acme,
    )
    expect(stored.data.status).toBe('VERIFIED')

    await expectGuarded(user, app, MERCHANT_IDS.globex)
    expect(screen.getByRole('textbox', { name: /Routing number/ })).toHaveProperty('value', '021000021')
  })
})
