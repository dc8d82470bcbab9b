import { afterEach, describe, expect, it, vi } from 'vitest'
import { MERCHANT_IDS, PROGRAM_IDS } from '../../../sandbox/data/ids'
import { signedInContext } from '../../../test/support/app-context'
import { fileSandbox } from '../../../test/support/sandbox'
import { knownProgramIds, rememberProgramIds } from '../../programs/known-programs'
import { participationsQueryOptions } from '../../programs/participations'
import { programsStep } from './programs'

const sandbox = fileSandbox()

afterEach(async () => {
  await sandbox.control.reset()
})

describe('programsStep', () => {
  it('loads the merchant, its active programs, the flags and the tenant', async () => {
    const context = await signedInContext(sandbox, { as: 'owner@acme.test' })
    const tenantId = context.services.session.current()?.claims.tenantID ?? ''

    const data = await programsStep({ context, userId: 'owner', tenantId, merchantId: MERCHANT_IDS.acme })

    expect(data.merchant.id).toBe(MERCHANT_IDS.acme)
    expect(data.tenant.id).toBe(tenantId)
    expect(data.programs.length).toBeGreaterThan(0)
    expect(data.flags).toBeTypeOf('object')
  })

  it("asks for the details of the programs remembered from the merchant's last opening alongside its participations, and counts only those the participations name", async () => {
    const first = await signedInContext(sandbox, { as: 'owner@acme.test' })
    const tenantId = first.services.session.current()?.claims.tenantID ?? ''
    const opened = await programsStep({
      context: first,
      userId: 'owner',
      tenantId,
      merchantId: MERCHANT_IDS.acme,
    })
    const active = opened.programs.map((program) => program.id)
    expect(knownProgramIds(first.services.storage, MERCHANT_IDS.acme)).toEqual(active)

    // Since then a program has ended; the next opening (a fresh query cache, as after a reload) waits
    // for the participations: the user signed out meanwhile, which takes the guard's facts with it.
    first.services.storage.clearSession()
    rememberProgramIds(first.services.storage, MERCHANT_IDS.acme, [...active, PROGRAM_IDS.acmeLapsed])
    await sandbox.control.addFault({
      method: 'GET',
      path: '/api/merchant-program-participation',
      kind: 'delay',
      delayMs: 3_000,
    })
    const next = await signedInContext(sandbox, { as: 'owner@acme.test' })
    await sandbox.control.clearRequests()
    const step = programsStep({ context: next, userId: 'owner', tenantId, merchantId: MERCHANT_IDS.acme })
    await vi.waitFor(
      async () =>
        expect(await sandbox.control.requests({ method: 'GET', path: '/api/program/*' })).toHaveLength(
          active.length + 1,
        ),
      { timeout: 2_500 },
    )
    const participations = participationsQueryOptions(next.services.api, MERCHANT_IDS.acme).queryKey
    expect(next.queryClient.getQueryState(participations)?.status).toBe('pending')

    const data = await step
    expect(data.programs.map((program) => program.id)).toEqual(active)
    expect(knownProgramIds(next.services.storage, MERCHANT_IDS.acme)).toEqual(active)
    // Each program once: the guard's own reads took the answers already asked for.
    const asked = await sandbox.control.requests({ method: 'GET', path: '/api/program/*' })
    expect(asked.map((request) => request.path).sort()).toEqual(
      [...active, PROGRAM_IDS.acmeLapsed].map((id) => `/api/program/${id}`).sort(),
    )
  })

  it('fails when the merchant cannot be read', async () => {
    const context = await signedInContext(sandbox, { as: 'owner@acme.test' })
    await sandbox.control.addFault({
      method: 'GET',
      path: `/api/merchant/${MERCHANT_IDS.acme}`,
      kind: 'status',
      status: 404,
    })
    await expect(
      programsStep({ context, userId: 'owner', tenantId: 'tenant', merchantId: MERCHANT_IDS.acme }),
    ).rejects.toThrow()
  })
})
