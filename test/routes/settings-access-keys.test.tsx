import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AccessKey } from '../../src/api/schemas/settings'
import { MERCHANT_IDS } from '../support/platform-ids'
import {
  openSettings,
  pageHeading,
  readThroughApi,
  refuseOnce,
  startSettingsSandbox,
} from './settings-support'

const { sandbox, control } = startSettingsSandbox()
const keysPath = `/api/merchant/${MERCHANT_IDS.acme}/access-keys`

async function acmeKeys(): Promise<AccessKey[]> {
  return (await readThroughApi<{ data: { items: AccessKey[] } }>(sandbox(), keysPath, 'owner@acme.test')).data
    .items
}

function byEnvironment(keys: AccessKey[], environment: AccessKey['environment']): AccessKey {
  const found = keys.find((key) => key.environment === environment)
  if (!found) throw new Error(`no ${environment} key`)
  return found
}

describe('access keys', () => {
  it('lists keys per environment with public keys shown and secrets masked', async () => {
    await openSettings(sandbox(), '/access-keys', 'owner@acme.test')
    await pageHeading('Access keys')
    const keys = await acmeKeys()
    const sandboxKey = byEnvironment(keys, 'SANDBOX')
    const section = screen.getByRole('region', { name: 'Sandbox keys' })
    expect(within(section).getByText(sandboxKey.publicKey)).toBeInTheDocument()
    const masked = screen.getByTestId(`secret-${sandboxKey.id}`)
    expect(masked.textContent).toBe(`sk_test_••••••••Hidden, ending in ${sandboxKey.secretLast4}`)
    expect(screen.getByRole('region', { name: 'Production keys' })).toBeInTheDocument()
  })

  it('reveals a sandbox secret at once, copies it and hides it again', async () => {
    const user = userEvent.setup()
    await openSettings(sandbox(), '/access-keys', 'owner@acme.test')
    await pageHeading('Access keys')
    const key = byEnvironment(await acmeKeys(), 'SANDBOX')
    await refuseOnce(control(), 'POST', `${keysPath}/${key.id}/reveal`, 500, 'The key vault is unavailable.')
    await user.click(screen.getByRole('button', { name: `Reveal the secret key of ${key.name}` }))
    expect((await screen.findByRole('alert')).textContent).toBe('The key vault is unavailable.')
    expect(screen.getByTestId(`secret-${key.id}`).textContent).toContain('••••')

    await user.click(screen.getByRole('button', { name: `Reveal the secret key of ${key.name}` }))
    const secret = await waitFor(() => {
      const text = screen.getByTestId(`secret-${key.id}`).textContent ?? ''
      if (!text.endsWith(key.secretLast4) || text.includes('•')) throw new Error('still masked')
      return text
    })
    expect(secret).toMatch(/^sk_test_\w{32}$/)
    expect(screen.getByText('Hidden again in 30 seconds.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: `Copy the secret key of ${key.name}` }))
    expect(await navigator.clipboard.readText()).toBe(secret)
    await user.click(screen.getByRole('button', { name: `Hide the secret key of ${key.name}` }))
    expect(screen.getByTestId(`secret-${key.id}`).textContent).toContain('••••')
  })

  it('shows a production secret only after a confirmation', async () => {
    const user = userEvent.setup()
    await openSettings(sandbox(), '/access-keys', 'owner@acme.test')
    await pageHeading('Access keys')
    const key = byEnvironment(await acmeKeys(), 'PRODUCTION')
    await control().clearRequests()
    const revealPath = `${keysPath}/${key.id}/reveal`

    await user.click(screen.getByRole('button', { name: `Reveal the secret key of ${key.name}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Show the production secret?' })
    expect(dialog.textContent).toContain('take live payments as Acme Outdoor')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await control().requests({ path: revealPath })).toHaveLength(0)
    expect(screen.getByTestId(`secret-${key.id}`).textContent).toContain('••••')

    await user.click(screen.getByRole('button', { name: `Reveal the secret key of ${key.name}` }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Show the production secret?' })).getByRole('button', {
        name: 'Show secret',
      }),
    )
    await waitFor(() =>
      expect(screen.getByTestId(`secret-${key.id}`).textContent).toMatch(/^sk_live_\w{32}$/),
    )
    expect(await control().requests({ path: revealPath, method: 'POST' })).toHaveLength(1)
  })
})
