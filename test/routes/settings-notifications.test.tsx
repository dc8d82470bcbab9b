import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { NotificationSubscriptions } from '../../src/api/schemas/settings'
import { MERCHANT_IDS } from '../support/platform-ids'
import { itOnce } from '../support/platform-pass'
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
const path = `/api/merchant/${MERCHANT_IDS.acme}/notification-subscriptions`

const group = (email: string) => screen.getByRole('group', { name: email })

describe('email notifications', () => {
  it('shows a read-only user every recipient and their emails, with no form', async () => {
    await openSettings(sandbox(), '/email-notifications', 'support@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Email notifications')
    expect(screen.getByText('owner@acme.test')).toBeInTheDocument()
    expect(screen.getByText('support@acmeoutdoor.example')).toBeInTheDocument()
    expect(screen.getAllByText('Dispute opened').length).toBeGreaterThan(0)
    expect(screen.queryByRole('form')).toBeNull()
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0)
  })

  it('saves subscriptions per event and recipient, including a new recipient', async () => {
    const user = userEvent.setup()
    await openSettings(sandbox(), '/email-notifications', 'owner@acme.test')
    await pageHeading('Email notifications')
    await user.click(within(group('owner@acme.test')).getByRole('checkbox', { name: /Dispute opened/ }))
    await user.click(screen.getByRole('button', { name: 'Remove support@acmeoutdoor.example' }))

    const add = screen.getByRole('textbox', { name: /Add a recipient/ })
    await user.type(add, 'finance@acmeoutdoor.example')
    await user.click(screen.getByRole('button', { name: 'Add recipient' }))
    expect(await screen.findByText('This address is already a recipient.')).toBeInTheDocument()
    await user.clear(add)
    await user.type(add, 'AP@AcmeOutdoor.example{Enter}')
    const added = group('ap@acmeoutdoor.example')
    for (const name of [/Refund issued/, /Dispute opened/, /Settlement report ready/]) {
      await user.click(within(added).getByRole('checkbox', { name }))
    }
    await user.click(screen.getByRole('button', { name: 'Save changes' }))

    await savedAlert('Email notifications saved for 3 recipients.')
    const stored = await readThroughApi<{ data: NotificationSubscriptions }>(
      sandbox(),
      path,
      'owner@acme.test',
    )
    expect(stored.data.recipients).toEqual([
      {
        email: 'owner@acme.test',
        events: [
          'PAYOUT_SENT',
          'PAYOUT_FAILED',
          'SETTLEMENT_REPORT_READY',
          'REFUND_ISSUED',
          'BANK_INFORMATION_CHANGED',
        ],
      },
      {
        email: 'finance@acmeoutdoor.example',
        events: ['PAYOUT_SENT', 'PAYOUT_FAILED', 'SETTLEMENT_REPORT_READY', 'BANK_INFORMATION_CHANGED'],
      },
      {
        email: 'ap@acmeoutdoor.example',
        events: ['PAYOUT_SENT', 'PAYOUT_FAILED', 'BANK_INFORMATION_CHANGED'],
      },
    ])
  })

  itOnce(
    'refuses to add what is not an email address, keeping it as typed, and says nothing of an empty field left',
    async () => {
      const user = userEvent.setup()
      await openSettings(sandbox(), '/email-notifications', 'owner@acme.test')
      await pageHeading('Email notifications')
      const add = screen.getByRole('textbox', { name: /Add a recipient/ })
      await user.click(add)
      await user.tab()
      expect(screen.queryByText('Enter an email address such as finance@example.com.')).toBeNull()

      await user.type(add, 'finance at acme{Enter}')
      expect(
        await screen.findByText('Enter an email address such as finance@example.com.'),
      ).toBeInTheDocument()
      expect(add).toHaveValue('finance at acme')
      expect(add).toHaveAttribute('aria-invalid', 'true')
      expect(screen.queryByRole('group', { name: 'finance at acme' })).toBeNull()
      // Enter in the field adds; it does not submit the page's form.
      expect(await control().requests({ method: 'PUT', path })).toHaveLength(0)

      await user.clear(add)
      await user.type(add, ' Payouts@AcmeOutdoor.example ')
      await user.click(screen.getByRole('button', { name: 'Add recipient' }))
      expect(group('payouts@acmeoutdoor.example')).toBeInTheDocument()
      expect(add).toHaveValue('')
      expect(screen.queryByText('Enter an email address such as finance@example.com.')).toBeNull()
    },
  )

  it('asks for at least one email per recipient, keeps the input when the save fails, and guards it', async () => {
    const user = userEvent.setup()
    const app = await openSettings(sandbox(), '/email-notifications', 'ops@provider.test', MERCHANT_IDS.acme)
    await pageHeading('Email notifications')
    const support = group('support@acmeoutdoor.example')
    for (const name of [/Refund issued/, /Dispute opened/]) {
      await user.click(within(support).getByRole('checkbox', { name }))
    }
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(
      await screen.findByText('Choose at least one email, or remove this recipient.'),
    ).toBeInTheDocument()

    await user.click(within(support).getByRole('checkbox', { name: /Payout failed/ }))
    await refuseOnce(control(), 'PUT', path, 500, 'The subscription service is down for maintenance.')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The subscription service is down for maintenance.',
    )
    expect(within(support).getByRole('checkbox', { name: /Payout failed/ })).toHaveProperty('checked', true)
    expect(within(support).getByRole('checkbox', { name: /Refund issued/ })).toHaveProperty('checked', false)

    await user.click(screen.getByRole('button', { name: 'Remove finance@acmeoutdoor.example' }))
    await expectGuarded(user, app, MERCHANT_IDS.globex)
    expect(screen.queryByText('finance@acmeoutdoor.example')).toBeNull()
  })
})
