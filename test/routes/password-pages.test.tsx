import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createControl, type SandboxControl } from '../../sandbox/control'
import { renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const STRONG = 'Correct-Horse-42'

const sandbox = fileSandbox()
let control: SandboxControl

beforeAll(async () => {
  control = createControl(sandbox.apiUrl)
})
beforeEach(() => {
  sandbox.reset()
})
afterEach(() => {
  vi.restoreAllMocks()
})

function open(path: string, as?: string) {
  return renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path, as })
}

/** Each rule as a screen reader hears it, e.g. "Not met: Include a number". */
function rules(): string[] {
  const list = screen.getByRole('list', { name: 'Your password must:' })
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '')
}

/** An item of the account menu, once the press has opened it. */
async function findMenuItem(name: string): Promise<HTMLElement> {
  const button = screen.getByRole('button', { name: 'Account menu' })
  await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'))
  return screen.findByRole('menuitem', { name })
}

async function postedPasswords(token: string): Promise<number> {
  return (await control.requests({ method: 'POST', path: `/api/auth/activation/${token}` })).length
}

describe('the create-password page', () => {
  it('shows the email and every rule, unmet, for a valid invitation', async () => {
    const token = await control.issueActivationToken({ email: 'owner@acme.test', purpose: 'ACTIVATE' })
    await open(`/activate/${token}`)

    expect(await screen.findByRole('heading', { level: 1, name: 'Create your password' })).toBeInTheDocument()
    // The heading shows at once, the form once the link is read.
    const email = await screen.findByLabelText<HTMLInputElement>('Email')
    expect(email.value).toBe('owner@acme.test')
    expect(email.readOnly).toBe(true)
    expect(screen.getByLabelText('New password')).toBeInTheDocument()
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument()
    expect(rules()).toEqual([
      'Not met: Be at least 12 characters long',
      'Not met: Include a lowercase letter',
      'Not met: Include an uppercase letter',
      'Not met: Include a number',
      'Not met: Not contain “owner” from your email address',
      'Not met: Not be your username',
    ])
  })

  it('takes the token out of the address bar and sends no referrer, and the form still works', async () => {
    const token = await control.issueActivationToken({ email: 'owner@acme.test', purpose: 'ACTIVATE' })
    const { router } = await open(`/activate/${token}`)
    await screen.findByRole('heading', { level: 1, name: 'Create your password' })

    await waitFor(() => expect(router.history.location.pathname).toBe('/activate/link'))
    // The router still reads the real link, from the history entry's state.
    expect(router.state.location.pathname).toBe(`/activate/${token}`)
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer')

    const user = userEvent.setup({ delay: null })
    await user.type(await screen.findByLabelText('New password'), STRONG)
    await user.type(screen.getByLabelText('Confirm password'), STRONG)
    await user.click(screen.getByRole('button', { name: 'Create password' }))
    await waitFor(async () => expect(await postedPasswords(token)).toBe(1))
  })

  it('ticks the rules as the password is typed', async () => {
    const user = userEvent.setup({ delay: null })
    const token = await control.issueActivationToken({ email: 'owner@acme.test', purpose: 'ACTIVATE' })
    await open(`/activate/${token}`)
    const field = await screen.findByLabelText('New password')

    await user.type(field, 'abc')
    expect(rules().filter((rule) => rule.startsWith('Met:'))).toEqual([
      'Met: Include a lowercase letter',
      'Met: Not contain “owner” from your email address',
      'Met: Not be your username',
    ])

    await user.type(field, 'OWNER7')
    expect(rules()).toEqual([
      'Not met: Be at least 12 characters long',
      'Met: Include a lowercase letter',
      'Met: Include an uppercase letter',
      'Met: Include a number',
      'Not met: Not contain “owner” from your email address',
      'Met: Not be your username',
    ])

    await user.clear(field)
    await user.type(field, STRONG)
    expect(rules().every((rule) => rule.startsWith('Met:'))).toBe(true)
  })

  it('says what is wrong on submit and sends nothing while the password breaks a rule or differs', async () => {
    const user = userEvent.setup({ delay: null })
    const token = await control.issueActivationToken({ email: 'owner@acme.test', purpose: 'ACTIVATE' })
    await open(`/activate/${token}`)
    const submit = await screen.findByRole('button', { name: 'Create password' })

    await user.click(submit)
    expect(screen.getByText('Your password does not meet all the rules yet.')).toBeInTheDocument()
    expect(screen.getByText('Enter your new password again to confirm it.')).toBeInTheDocument()

    await user.type(screen.getByLabelText('New password'), STRONG)
    await user.type(screen.getByLabelText('Confirm password'), `${STRONG}!`)
    await user.tab()
    expect(screen.queryByText('Your password does not meet all the rules yet.')).toBeNull()
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument()

    await user.click(submit)
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument()
    expect(await postedPasswords(token)).toBe(0)
  })

  it('keeps what was typed and shows the server message when the server refuses the password', async () => {
    const user = userEvent.setup({ delay: null })
    const token = await control.issueActivationToken({ email: 'owner@acme.test', purpose: 'ACTIVATE' })
    await control.addFault({
      method: 'POST',
      path: `/api/auth/activation/${token}`,
      kind: 'status',
      status: 400,
      body: {
        error: {
          code: 'weak_password',
          message: 'This password appears in a list of leaked passwords.',
          details: { failedRules: [] },
        },
      },
      times: 1,
    })
    const app = await open(`/activate/${token}`)

    const password = await screen.findByLabelText<HTMLInputElement>('New password')
    const confirmation = screen.getByLabelText<HTMLInputElement>('Confirm password')
    await user.type(password, STRONG)
    await user.type(confirmation, STRONG)
    await user.click(screen.getByRole('button', { name: 'Create password' }))

    const refusal = await screen.findByText('This password appears in a list of leaked passwords.')
    expect(refusal.closest('[role="alert"]')?.textContent).toContain('Your password was not saved.')
    expect(password.value).toBe(STRONG)
    expect(confirmation.value).toBe(STRONG)
    expect(app.router.state.location.pathname).toBe(`/activate/${token}`)
    expect(await postedPasswords(token)).toBe(1)
  })

  it('sets the password and lands on /login with the success alert', async () => {
    const user = userEvent.setup({ delay: null })
    const token = await control.issueActivationToken({ email: 'viewer@acme.test', purpose: 'ACTIVATE' })
    const app = await open(`/activate/${token}`)

    await user.type(await screen.findByLabelText('New password'), STRONG)
    await user.type(screen.getByLabelText('Confirm password'), STRONG)
    await user.click(screen.getByRole('button', { name: 'Create password' }))

    expect(
      await screen.findByText('Your password is set. Sign in with your new password.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument()
    // The link is spent.
    const [issued] = await control.activationTokens('viewer@acme.test')
    expect(issued?.usedAt).not.toBeNull()
  })
})

describe('the reset-password page', () => {
  it('resets the password from a reset link', async () => {
    const user = userEvent.setup({ delay: null })
    const token = await control.issueActivationToken({ email: 'owner@acme.test', purpose: 'RESET' })
    const app = await open(`/password/reset/${token}`)

    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument()
    await user.type(await screen.findByLabelText('New password'), STRONG)
    await user.type(screen.getByLabelText('Confirm password'), STRONG)
    await user.click(screen.getByRole('button', { name: 'Save new password' }))

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'))
    expect(screen.getByText('Your password is set. Sign in with your new password.')).toBeInTheDocument()
  })
})

describe('links that no longer work', () => {
  it('says an unknown link is not valid and offers the way to sign in', async () => {
    const user = userEvent.setup({ delay: null })
    const app = await open('/activate/not-a-real-token')
    expect(await screen.findByText('This link is not valid.')).toBeInTheDocument()
    expect(screen.queryByLabelText('New password')).toBeNull()
    expect(screen.queryByText('Oops...')).toBeNull()

    await user.click(screen.getByRole('link', { name: 'Go to sign in' }))
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'))
  })

  it('says an expired invitation has expired and whom to ask', async () => {
    const token = await control.issueActivationToken({
      email: 'owner@acme.test',
      purpose: 'ACTIVATE',
      expiresInSeconds: 0,
    })
    await open(`/activate/${token}`)
    expect(
      await screen.findByText('This link has expired. Ask your administrator for a new invitation.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login')
  })

  it('says a used reset link has expired and to request a new one', async () => {
    const token = await control.issueActivationToken({ email: 'owner@acme.test', purpose: 'RESET' })
    const used = await fetch(`${sandbox.apiUrl}/api/auth/activation/${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Version': 'v2' },
      body: JSON.stringify({ password: STRONG }),
    })
    expect(used.status).toBe(200)
    await open(`/password/reset/${token}`)
    expect(
      await screen.findByText('This link has expired. Request a new password reset link.'),
    ).toBeInTheDocument()
  })

  it('shows the Oops box only when the server fails', async () => {
    const token = await control.issueActivationToken({ email: 'owner@acme.test', purpose: 'ACTIVATE' })
    await control.addFault({
      method: 'GET',
      path: `/api/auth/activation/${token}`,
      kind: 'status',
      status: 503,
    })
    // The router and the logger report the failure on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await open(`/activate/${token}`)
    expect(await screen.findByText('Oops...')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
    // The one-time token stays out of the error log.
    await waitFor(async () => expect((await control.logs()).length).toBeGreaterThan(0))
    expect(JSON.stringify(await control.logs())).not.toContain(token)
  })
})

describe('a server that asks for a pause (429 with Retry-After)', () => {
  async function getsOfLink(token: string): Promise<string[]> {
    return (await control.requests({ method: 'GET', path: `/api/auth/activation/${token}` })).map(
      (request) => request.at,
    )
  }

  it('is asked again once the wait it names is over, and the page then works', async () => {
    const token = await control.issueActivationToken({ email: 'owner@acme.test', purpose: 'ACTIVATE' })
    await control.addFault({
      method: 'GET',
      path: `/api/auth/activation/${token}`,
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': '1' },
      times: 1,
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await open(`/activate/${token}`)
    // The heading shows at once; the form waits for the link's answer.
    expect(await screen.findByLabelText('New password', {}, { timeout: 5_000 })).toBeInTheDocument()
    const [refused, retried] = (await getsOfLink(token)).map((at) => Date.parse(at))
    expect(retried).toBeDefined()
    expect((retried ?? 0) - (refused ?? 0)).toBeGreaterThanOrEqual(1_000)
    expect(screen.queryByText('Oops...')).toBeNull()
  })

  it('says when to try again when the wait is longer than the page waits by itself', async () => {
    const token = await control.issueActivationToken({ email: 'owner@acme.test', purpose: 'ACTIVATE' })
    await control.addFault({
      method: 'GET',
      path: `/api/auth/activation/${token}`,
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': '120' },
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await open(`/activate/${token}`)
    const box = (await screen.findByText('Oops...')).closest('[role="alert"]')
    expect(box?.textContent).toContain('Too many requests were sent from here. Try again in 120 seconds.')
    expect(await getsOfLink(token)).toHaveLength(1)
  })

  it('keeps the typed password and says when to try saving it again', async () => {
    const user = userEvent.setup({ delay: null })
    const token = await control.issueActivationToken({ email: 'owner@acme.test', purpose: 'ACTIVATE' })
    await control.addFault({
      method: 'POST',
      path: `/api/auth/activation/${token}`,
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': '12' },
      times: 1,
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await open(`/activate/${token}`)
    const password = await screen.findByLabelText<HTMLInputElement>('New password')
    await user.type(password, STRONG)
    await user.type(screen.getByLabelText('Confirm password'), STRONG)
    await user.click(screen.getByRole('button', { name: 'Create password' }))

    const alert = (await screen.findByText('Your password was not saved.')).closest('[role="alert"]')
    expect(alert?.textContent).toContain('Too many requests were sent from here. Try again in 12 seconds.')
    expect(password.value).toBe(STRONG)
    expect(await postedPasswords(token)).toBe(1)
  })
})

describe('changing your own password from the user menu', () => {
  it('lets owner@acme.test change it in a dialog, refusing a wrong current password', async () => {
    const user = userEvent.setup({ delay: null })
    await open('/data-insights', 'owner@acme.test')
    await user.click(await screen.findByRole('button', { name: 'Account menu' }, { timeout: 10_000 }))
    await user.click(await findMenuItem('Change password'))

    const dialog = await screen.findByRole('dialog', { name: 'Change password' })
    const inDialog = within(dialog)
    expect(inDialog.getByRole('list', { name: 'Your password must:' })).toBeInTheDocument()
    await user.type(inDialog.getByLabelText('Current password'), 'not-my-password')
    await user.type(inDialog.getByLabelText('New password'), STRONG)
    await user.type(inDialog.getByLabelText('Confirm password'), STRONG)
    await user.click(inDialog.getByRole('button', { name: 'Change password' }))
    expect(await inDialog.findByText('Your current password is not correct.')).toBeInTheDocument()

    await user.clear(inDialog.getByLabelText('Current password'))
    await user.type(inDialog.getByLabelText('Current password'), 'sandbox')
    await user.click(inDialog.getByRole('button', { name: 'Change password' }))

    expect(await screen.findByText('Your password was changed.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('is not offered to viewer@acme.test, who lacks w:user.password', async () => {
    const user = userEvent.setup({ delay: null })
    await open('/data-insights', 'viewer@acme.test')
    await user.click(await screen.findByRole('button', { name: 'Account menu' }, { timeout: 10_000 }))
    expect(await findMenuItem('Sign out')).toBeInTheDocument()
    expect(screen.queryByRole('menuitem', { name: 'Change password', hidden: true })).toBeNull()
  })
})
