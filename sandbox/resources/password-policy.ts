// The platform's password policy: the sandbox refuses a password that breaks it with the ids of the
// broken rules. The portal ticks the same rules with code of its own as the user types; the password
// tests compare the two.

export const PASSWORD_MIN_LENGTH = 12
/** Email local parts shorter than this are not checked ("jo@…" would rule out too much). */
export const MIN_CHECKED_LOCAL_PART_LENGTH = 3

export type PasswordRuleId = 'length' | 'lowercase' | 'uppercase' | 'number' | 'notEmailName' | 'notUsername'

export interface PasswordIdentity {
  email?: string
  username?: string
}

/** The rules `password` breaks, in the policy's order; empty when it is accepted. */
export function brokenRules(password: string, identity: PasswordIdentity = {}): PasswordRuleId[] {
  const lower = password.toLowerCase()
  const local = (identity.email ?? '').trim().toLowerCase().split('@', 1)[0] ?? ''
  const username = (identity.username ?? '').trim().toLowerCase()
  const checks: [PasswordRuleId, boolean][] = [
    ['length', Array.from(password).length >= PASSWORD_MIN_LENGTH],
    ['lowercase', /\p{Ll}/u.test(password)],
    ['uppercase', /\p{Lu}/u.test(password)],
    ['number', /\p{Nd}/u.test(password)],
    ['notEmailName', local.length < MIN_CHECKED_LOCAL_PART_LENGTH || !lower.includes(local)],
    ['notUsername', username === '' || password.trim().toLowerCase() !== username],
  ]
  return checks.filter(([, met]) => !met).map(([id]) => id)
}
