import { isRedirect } from '@tanstack/react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createControl, type SandboxControl } from '../../../sandbox/control'
import { type Sandbox, startSandbox } from '../../../sandbox/index'
import { signedInContext } from '../../../test/support/signed-in-services'
import { sessionStep } from './session'

let sandbox: Sandbox
let control: SandboxControl

beforeAll(async () => {
  sandbox = await startSandbox({ apiPort: 0, idpPort: 0, quiet: true })
  control = createControl(sandbox.apiUrl)
})

afterAll(async () => {
  await sandbox.close()
})

describe('sessionStep', () => {
  it("gives the stored token's claims", async () => {
    const { services } = await signedInContext(sandbox, control, { as: 'owner@acme.test' })
    const claims = await sessionStep({ session: services.session, returnTo: '/transactions', preload: false })
    expect(claims).toEqual(services.session.current()?.claims)
  })

  it('sends a user without a token to /login, remembering where they were going', async () => {
    const { services } = await signedInContext(sandbox, control)
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
