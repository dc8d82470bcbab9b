import { afterEach, describe, expect, it } from 'vitest'
import { MERCHANT_IDS } from '../../../sandbox/data/ids'
import { signedInContext } from '../../../test/support/app-context'
import { fileSandbox } from '../../../test/support/sandbox'
import { programsStep } from './programs'

const sandbox = fileSandbox()

afterEach(async () => {
  await sandbox.control.reset()
})

describe('programsStep', () => {
  it('loads the merchant, its active programs, the flags and the tenant', async () => {
    const context = await signedInContext(sandbox, { as: 'owner@acme.test' })
    const tenantId = context.services.session.current()?.claims.tenantID ?? ''

    const data = await programsStep({ context, tenantId, merchantId: MERCHANT_IDS.acme })

    expect(data.merchant.id).toBe(MERCHANT_IDS.acme)
    expect(data.tenant.id).toBe(tenantId)
    expect(data.programs.length).toBeGreaterThan(0)
    expect(data.flags).toBeTypeOf('object')
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
      programsStep({ context, tenantId: 'tenant', merchantId: MERCHANT_IDS.acme }),
    ).rejects.toThrow()
  })
})
