import { describe, expect, it } from 'vitest'
import { applicableRules, checkPassword, emailLocalPart, type PasswordIdentity } from './password-rules'

const OWNER = { email: 'owner@acme.test', username: 'owner@acme.test' }

/** The rules `password` breaks, as the list under the field shows them unticked. */
function brokenRules(password: string, identity: PasswordIdentity) {
  return checkPassword(password, identity)
    .filter((check) => !check.met)
    .map((check) => check.id)
}

describe('password rules', () => {
  it('accept a password that meets every rule', () => {
    expect(brokenRules('Correct-Horse-42', OWNER)).toEqual([])
  })

  it('name each broken rule', () => {
    expect(brokenRules('short1a', OWNER)).toEqual(['length', 'uppercase'])
    expect(brokenRules('NO-LOWER-CASE-1', OWNER)).toEqual(['lowercase'])
    expect(brokenRules('no-upper-case-1', OWNER)).toEqual(['uppercase'])
    expect(brokenRules('No-Numbers-Here', OWNER)).toEqual(['number'])
    expect(brokenRules('My-OWNER-pass-1', OWNER)).toEqual(['notEmailName'])
  })

  it('count characters, not UTF-16 units, and know letters and digits beyond ASCII', () => {
    expect(brokenRules('Ünïcödé-😀😀1x', {})).toEqual([])
    expect(brokenRules('Aa1😀😀😀😀😀😀😀😀', {})).toEqual(['length'])
    expect(checkPassword('Aa1😀😀😀😀😀😀😀😀😀', {})[0]).toEqual({ id: 'length', met: true })
  })

  it('refuse the username itself, ignoring case and surrounding spaces', () => {
    const identity = { username: 'Store-Manager-01' }
    expect(brokenRules(' STORE-manager-01 ', identity)).toEqual(['notUsername'])
    expect(brokenRules('Store-Manager-012', identity)).toEqual([])
  })

  it('apply the email and username rules only when they are known', () => {
    expect(applicableRules({})).toEqual(['length', 'lowercase', 'uppercase', 'number'])
    expect(applicableRules(OWNER)).toEqual([
      'length',
      'lowercase',
      'uppercase',
      'number',
      'notEmailName',
      'notUsername',
    ])
    // A local part of one or two letters would rule out nearly every password.
    expect(emailLocalPart('jo@acme.test')).toBeUndefined()
    expect(applicableRules({ email: 'jo@acme.test' })).not.toContain('notEmailName')
    expect(emailLocalPart(' Owner@Acme.test')).toBe('owner')
  })
})
