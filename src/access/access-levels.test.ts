import { describe, expect, it } from 'vitest'
import { ACCESS_LEVEL_SCOPES, grantableAccessLevels } from './access-levels'
import { SCOPES } from './scopes'

describe('grantableAccessLevels', () => {
  it('offers both levels to a user holding every merchant-facing scope', () => {
    expect(grantableAccessLevels(new Set(ACCESS_LEVEL_SCOPES['READ/WRITE']))).toEqual(['READ', 'READ/WRITE'])
  })

  it('offers read only to a user who may manage users but holds only the read scopes besides', () => {
    const scopes = new Set([...ACCESS_LEVEL_SCOPES.READ, SCOPES.users.edit])
    expect(grantableAccessLevels(scopes)).toEqual(['READ'])
  })

  it('offers nothing to a user missing a read scope', () => {
    const scopes = new Set(ACCESS_LEVEL_SCOPES.READ.filter((scope) => scope !== SCOPES.funding.read))
    expect(grantableAccessLevels(scopes)).toEqual([])
  })

  it('never counts a staff-only scope as part of a level', () => {
    expect(ACCESS_LEVEL_SCOPES['READ/WRITE']).not.toContain(SCOPES.virtualCard.issue)
    expect(ACCESS_LEVEL_SCOPES.READ).not.toContain(SCOPES.settings.internalView)
  })
})
