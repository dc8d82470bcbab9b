import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AccessKey } from '../../src/api/schemas/settings'
import { MERCHANT_IDS } from '../support/platform-ids'
import { itOnce } from '../support/platform-pass'
import type { RenderedApp } from '../support/render-app'
import { openSettings, pageHeading, readThroughApi, startSettingsSandbox } from './settings-support'

const { sandbox, control } = startSettingsSandbox()
const keysPath = `/api/merchant/${MERCHANT_IDS.acme}/access-keys`

type ListedKey = AccessKey & { status: string; expiresAt: string | null }

async function acmeKeys(): Promise<ListedKey[]> {
  return (await readThroughApi<{ data: { items: ListedKey[] } }>(sandbox(), keysPath, 'owner@acme.test')).data
    .items
}

async function sandboxKey(): Promise<ListedKey> {
  const found = (await acmeKeys()).find((key) => key.environment === 'SANDBOX')
  if (!found) throw new Error('no SANDBOX key')
  return found
}

/** Everything the query and mutation caches hold, as text: a secret must be in none of it. */
function cachedText(app: RenderedApp): string {
  const { queryClient } = app.context
  return JSON.stringify([
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.data),
    queryClient
      .getMutationCache()
      .getAll()
      .map((mutation) => mutation.state.data),
  ])
}

async function openKeys(as = 'owner@acme.test', merchantID?: string): Promise<RenderedApp> {
  const app = await openSettings(sandbox(), '/access-keys', as, merchantID)
  await pageHeading('Access keys')
  return app
}

describe('access keys', () => {
  it('lists keys per environment with name, status, dates and the secret masked, and reveals nothing', async () => {
    await openKeys()
    const key = await sandboxKey()
    const section = screen.getByRole('region', { name: 'Sandbox keys' })
    expect(within(section).getByText(key.publicKey)).toBeInTheDocument()
    expect(within(section).getByText(key.name)).toBeInTheDocument()
    expect(within(section).getAllByText('Active').length).toBeGreaterThan(0)
    expect(screen.getByTestId(`secret-${key.id}`).textContent).toBe(
      `sk_test_••••••••Hidden, ending in ${key.secretLast4}`,
    )
    expect(screen.queryByRole('button', { name: /Reveal/ })).toBeNull()
    expect(screen.getByRole('button', { name: 'Create key' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: `Rotate ${key.name}` })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Production keys' })).toBeInTheDocument()
  })

  it('shows read-only users names, dates and last use, and no way to manage keys', async () => {
    await openKeys('support@provider.test', MERCHANT_IDS.acme)
    const key = await sandboxKey()
    expect(screen.getByText(key.publicKey)).toBeInTheDocument()
    expect(screen.getAllByText('Last used').length).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: 'Create key' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Rotate / })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Revoke / })).toBeNull()
  })

  it('shows a new key’s secret once; after the dialog closes it is in no cache and not on the page', async () => {
    const user = userEvent.setup()
    const app = await openKeys()
    await user.click(screen.getByRole('button', { name: 'Create key' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create an access key' })
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }))
    expect(await within(dialog).findByText('Enter a name of 1 to 60 characters.')).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: /Key name/ }), 'Till 7 checkout')
    await user.click(within(dialog).getByRole('radio', { name: 'Production' }))
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }))

    const shown = await screen.findByRole('dialog', { name: 'Key created' })
    const secret = within(shown).getByTestId('new-secret').textContent ?? ''
    expect(secret).toMatch(/^sk_live_\w{32}$/)
    expect(within(shown).getByText(/it is shown only this once/)).toBeInTheDocument()
    expect(within(shown).getByRole('button', { name: 'Download as a file' })).toBeInTheDocument()
    await user.click(within(shown).getByRole('button', { name: 'Copy the secret key of Till 7 checkout' }))
    expect(await navigator.clipboard.readText()).toBe(secret)
    expect(cachedText(app)).not.toContain(secret)

    await user.click(within(shown).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const production = screen.getByRole('region', { name: 'Production keys' })
    expect(await within(production).findByText('Till 7 checkout')).toBeInTheDocument()
    expect(cachedText(app)).not.toContain(secret)
    expect(document.body.textContent).not.toContain(secret)
    const made = (await acmeKeys()).find((key) => key.name === 'Till 7 checkout')
    expect(made && secret.endsWith(made.secretLast4)).toBe(true)
  })

  it('rotates with a 1-hour grace: the old key is listed EXPIRING until then, the new one ACTIVE', async () => {
    const user = userEvent.setup()
    const app = await openKeys()
    const key = await sandboxKey()
    await user.click(screen.getByRole('button', { name: `Rotate ${key.name}` }))
    const dialog = await screen.findByRole('dialog', { name: `Rotate ${key.name}` })
    await user.click(within(dialog).getByRole('radio', { name: '1 hour' }))
    await user.click(within(dialog).getByRole('button', { name: 'Rotate key' }))

    const shown = await screen.findByRole('dialog', { name: 'Key rotated' })
    const secret = within(shown).getByTestId('new-secret').textContent ?? ''
    expect(secret).toMatch(/^sk_test_\w{32}$/)
    const old = (await acmeKeys()).find((listed) => listed.id === key.id)
    expect(old).toMatchObject({ status: 'EXPIRING' })
    const until = new Date(old?.expiresAt ?? '')
    expect(until.getTime() - Date.now()).toBeGreaterThan(59 * 60_000)
    expect(within(shown).getByText(/The old secret keeps working until/)).toBeInTheDocument()
    await user.click(within(shown).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    const card = await screen.findByTestId(`key-${key.id}`)
    await waitFor(() => expect(card.textContent).toMatch(/Expiring: works until/))
    // The expiring key may only be revoked; the new one, of the same name, is the one to rotate.
    expect(within(card).queryByRole('button', { name: /^Rotate / })).toBeNull()
    expect(screen.getAllByRole('button', { name: `Rotate ${key.name}` })).toHaveLength(1)
    expect(cachedText(app)).not.toContain(secret)
  })

  it('revokes a key only once its exact name is typed', async () => {
    const user = userEvent.setup()
    await openKeys()
    const key = await sandboxKey()
    await user.click(screen.getByRole('button', { name: `Revoke ${key.name}` }))
    const dialog = await screen.findByRole('dialog', { name: `Revoke ${key.name}?` })
    const revoke = within(dialog).getByRole('button', { name: 'Revoke key' })
    const name = within(dialog).getByRole('textbox', { name: /Type the key’s name to confirm/ })
    await user.type(name, key.name.toUpperCase())
    expect(revoke).toBeDisabled()
    await user.clear(name)
    await user.type(name, `${key.name} `)
    expect(revoke).toBeDisabled()
    expect(await control().requests({ path: `${keysPath}/${key.id}/revoke` })).toHaveLength(0)
    await user.clear(name)
    await user.type(name, key.name)
    expect(revoke).toBeEnabled()
    await user.click(revoke)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(screen.queryByTestId(`key-${key.id}`)).toBeNull())
    expect((await acmeKeys()).some((listed) => listed.id === key.id)).toBe(false)
  })

  itOnce('puts the lifecycle’s refusals in words', async () => {
    const user = userEvent.setup()
    await openKeys()
    await control().addFault({
      method: 'POST',
      path: keysPath,
      kind: 'status',
      status: 409,
      body: { error: { code: 'too_many_keys', message: 'At most 10 keys per environment.' } },
      times: 1,
    })
    await user.click(screen.getByRole('button', { name: 'Create key' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create an access key' })
    await user.type(within(dialog).getByRole('textbox', { name: /Key name/ }), 'One too many')
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This environment already holds 10 keys, the most it can. Revoke a key you no longer use, then try again.',
    )
  })
})
