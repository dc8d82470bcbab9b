import { describe, expect, it } from 'vitest'
import { SCOPES } from '../../access/scopes'
import { programFacts } from '../../programs/programs'
import { accessStep } from './access'

describe('accessStep', () => {
  it("gives the gates the token's scopes, the tenant's brand, the programs' facts and the flags", () => {
    const flags = { isLocationPageEnabled: 'true' }
    const { access } = accessStep({
      claims: { scp: [SCOPES.carts.view, SCOPES.carts.create] },
      tenant: { brand: 'BANK' },
      programs: [],
      flags,
    })
    expect([...access.scopes]).toEqual([SCOPES.carts.view, SCOPES.carts.create])
    expect(access.brand).toBe('BANK')
    expect(access.programs).toEqual(programFacts([]))
    expect(access.flags).toBe(flags)
  })
})
