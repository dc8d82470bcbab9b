import { afterEach, describe, expect, it } from 'vitest'
import { MERCHANT_IDS } from '../../../sandbox/data/ids'
import { signedInContext } from '../../../test/support/app-context'
import { fileSandbox } from '../../../test/support/sandbox'
import type { ShellStart } from '../../app/context'
import { programsStep } from './programs'

const sandbox = fileSandbox()

afterEach(async () => {
  await sandbox.control.reset()
})

describe('programsStep', () => {
  it("loads the merchant, its active programs, the flags and the tenant, and starts each page's withShell once the programs are known", async () => {
    const context = await signedInContext(sandbox, { as: 'owner@acme.test' })
    const tenantId = context.services.session.current()?.claims.tenantID ?? ''
    // The programs' details come late, so the pages' starts can be seen to come before them.
    await sandbox.control.addFault({ method: 'GET', path: '/api/program/*', kind: 'delay', delayMs: 300 })
    const starts: ShellStart[] = []
    const detailsPendingAtStart: boolean[] = []
    const withShell = (start: ShellStart) => {
      starts.push(start)
      const details = context.queryClient
        .getQueryCache()
        .findAll({ queryKey: [MERCHANT_IDS.acme, 'program'] })
      detailsPendingAtStart.push(details.every((query) => query.state.status === 'pending'))
    }

    const data = await programsStep({
      context,
      tenantId,
      merchantId: MERCHANT_IDS.acme,
      pages: [
        { search: {}, cause: 'enter', staticData: {} },
        { search: { page: 2 }, cause: 'stay', staticData: { withShell } },
      ],
    })

    expect(data.merchant.id).toBe(MERCHANT_IDS.acme)
    expect(data.tenant.id).toBe(tenantId)
    expect(data.programs.length).toBeGreaterThan(0)
    expect(data.flags).toBeTypeOf('object')
    expect(starts).toEqual([
      {
        context,
        merchantId: MERCHANT_IDS.acme,
        programIds: data.programs.map((program) => program.id),
        search: { page: 2 },
        cause: 'stay',
      },
    ])
    expect(detailsPendingAtStart).toEqual([true])
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
      programsStep({ context, tenantId: 'tenant', merchantId: MERCHANT_IDS.acme, pages: [] }),
    ).rejects.toThrow()
  })
})
