import { isRedirect } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { signedInContext } from '../../../test/support/app-context'
import { fileSandbox } from '../../../test/support/sandbox'
import { sessionStep } from './session'

const sandbox = fileSandbox()

describe('sessionStep', () => {
  it("gives the stored token's claims", async () => {
    const { services } = await signedInContext(sandbox, { as: 'owner@acme.test' })
    const claims = await sessionStep({ session: services.session, returnTo: '/transactions', preload: false })
    expect(claims).toEqual(services.session.current()?.claims)
  })

  it('sends a user without a token to /login, remembering where they were going', async () => {
    const { services } = await signedInContext(sandbox)
    const outcome = await sessionStep({
      session: services.session,
      returnTo: '/carts?page=2',
      preload: false,
    }).catch((error: unknown) => error)
    expect(isRedirect(outcome)).toBe(true)
    expect(isRedirect(outcome) && outcome.options).toMatchObject({
      to: '/login',
      state: { returnTo: '/carts?page=2' },
      replace: true,
    })
  })
})
