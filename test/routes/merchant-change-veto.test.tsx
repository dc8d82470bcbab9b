import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { keepSessionAlive } from '../../src/auth/keep-alive'
import { KEY_PREFIX } from '../../src/storage/storage'
import { openSettings, pageHeading, startSettingsSandbox } from './settings-support'

// Spec section 5: a registered check may veto a merchant change. Every change is put to it, also one
// made in another tab, which this tab would otherwise follow silently.

const { sandbox, control } = startSettingsSandbox()

async function dirtyFundingForm() {
  const user = userEvent.setup()
  const app = await openSettings(sandbox(), '/funding-settings', 'ops@provider.test', MERCHANT_IDS.acme)
  await pageHeading('Funding settings')
  const minimum = screen.getByRole('textbox', { name: /Minimum payout/ })
  await user.clear(minimum)
  await user.paste('25.5')
  return { user, app, minimum }
}

async function keepEditing(user: ReturnType<typeof userEvent.setup>) {
  const question = await screen.findByRole(
    'dialog',
    { name: 'Discard unsaved changes?' },
    { timeout: 10_000 },
  )
  expect(question.textContent).toContain('If you switch merchant now')
  await user.click(within(question).getByRole('button', { name: 'Keep editing' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
}

describe('the merchant-change veto', () => {
  it('is asked when another tab switches merchant, and keeps the input', async () => {
    const { user, app, minimum } = await dirtyFundingForm()
    const stop = keepSessionAlive({
      router: app.router,
      queryClient: app.context.queryClient,
      services: app.context.services,
    })
    try {
      // What the other tab leaves in the shared localStorage, and the event this tab then gets.
      const { portalToken } = await control().session('ops@provider.test', MERCHANT_IDS.globex)
      const value = JSON.stringify({ token: portalToken, storedAt: Date.now() })
      window.localStorage.setItem(`${KEY_PREFIX}token`, value)
      window.dispatchEvent(new StorageEvent('storage', { key: `${KEY_PREFIX}token`, newValue: value }))
      await keepEditing(user)
      expect(screen.getByRole('textbox', { name: /Minimum payout/ })).toBe(minimum)
      expect(minimum).toHaveProperty('value', '25.5')
    } finally {
      stop()
    }
  })
})
