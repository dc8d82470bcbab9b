import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, expect } from 'vitest'
import { withoutUnknownFields } from '../../sandbox/api/newer-platform'
import type { SandboxControl } from '../../sandbox/control'
import { type RenderedApp, renderApp } from '../support/render-app'
import { fileSandbox, type SandboxFixture } from '../support/sandbox'

/** One sandbox per test file, reset after every test. */
export function startSettingsSandbox(): { sandbox: () => SandboxFixture; control: () => SandboxControl } {
  const sandbox = fileSandbox()
  afterEach(async () => {
    await sandbox.control.reset()
  })
  return { sandbox: () => sandbox, control: () => sandbox.control }
}

export async function openSettings(
  sandbox: SandboxFixture,
  path: string,
  as: string,
  merchantID?: string,
): Promise<RenderedApp> {
  return renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path, as, merchantID })
}

/**
 * Waits for a page's h1 and then for its reads: the heading shows at once, each read's part of the
 * page once it is answered (src/ui/page-data.tsx shows 'Loading…' until then).
 */
export async function pageHeading(name: string | RegExp): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 })
  await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull(), { timeout: 10_000 })
  return heading
}

/** Reads a platform resource as a persona would, to check what the sandbox now holds. */
export async function readThroughApi<T>(
  sandbox: SandboxFixture,
  path: string,
  as: string,
  merchantID?: string,
): Promise<T> {
  const { portalToken } = await sandbox.control.session(as, merchantID)
  const response = await fetch(`${sandbox.apiUrl}${path}`, {
    headers: { Authorization: `Bearer ${portalToken}`, 'X-API-Version': 'v2', Accept: 'application/json' },
  })
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`)
  // What the sandbox holds, without the fields a newer platform adds to every answer.
  return withoutUnknownFields(await response.json()) as T
}

/** Arms a one-shot refusal of the next matching call, with the platform's error body. */
export async function refuseOnce(
  control: SandboxControl,
  method: 'PUT' | 'PATCH' | 'POST' | 'DELETE',
  path: string,
  status: number,
  message: string,
): Promise<void> {
  await control.addFault({
    method,
    path,
    kind: 'status',
    status,
    body: { error: { code: status === 409 ? 'conflict' : 'internal_error', message } },
    times: 1,
  })
}

/** The success alert the form shows after a save. */
export async function savedAlert(text: string | RegExp): Promise<HTMLElement> {
  return waitFor(
    () => {
      const found = screen
        .getAllByRole('status')
        .find((element) =>
          typeof text === 'string'
            ? element.textContent?.includes(text)
            : text.test(element.textContent ?? ''),
        )
      if (!found) throw new Error(`no status alert with ${String(text)}`)
      return found
    },
    { timeout: 5_000 },
  )
}

/**
 * With unsaved changes on the page: a navigation is held by the "Discard unsaved changes?" dialog
 * and a merchant change is vetoed through the registry (both answered with "Keep editing").
 */
export async function expectGuarded(
  user: UserEvent,
  app: RenderedApp,
  otherMerchantId: string,
): Promise<void> {
  const path = app.router.state.location.pathname
  void app.router.navigate({ to: '/data-insights' })
  const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })
  await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(app.router.state.location.pathname).toBe(path)

  const allowed = app.context.services.merchantChanges.allows(otherMerchantId)
  const question = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })
  expect(question.textContent).toContain('If you switch merchant now')
  await user.click(within(question).getByRole('button', { name: 'Keep editing' }))
  expect(await allowed).toBe(false)
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
}
