import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

// The tenant's brand colours the whole app: its primary colour is what Mantine's CSS variables point at.

const sandbox = fileSandbox()

afterEach(() => {
  sandbox.reset()
})

function primaryColour(): string | undefined {
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n')
  return /--mantine-primary-color-filled:\s*var\(--mantine-color-([a-z]+)-/.exec(css)?.[1]
}

describe("the tenant's brand", () => {
  it('themes a bank merchant’s pages in the bank’s colour', async () => {
    await renderApp({ ...sandbox, path: '/transactions', as: 'manager@harbor.test' })
    await screen.findByRole('heading', { level: 1, name: 'Transactions' }, { timeout: 10_000 })
    await waitFor(() => expect(primaryColour()).toBe('harbor'))
  })

  it('leaves the sign-in page in the default colour', async () => {
    await renderApp({ ...sandbox, path: '/login' })
    await screen.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 })
    expect(primaryColour()).toBe('plum')
  })
})
