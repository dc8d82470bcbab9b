// The password rules the portal ticks as the user types. The platform refuses a password that breaks
// them with rule ids of its own checking (the sandbox's in sandbox/resources/password-policy.ts); the
// password tests check that the two agree.

export const PASSWORD_MIN_LENGTH = 12

/** Shorter local parts ("jo@…") would rule out nearly every password, so they are not checked. */
export const MIN_CHECKED_LOCAL_PART_LENGTH = 3

export const PASSWORD_RULE_IDS = [
  'length',
  'lowercase',
  'uppercase',
  'number',
  'notEmailName',
  'notUsername',
] as const
export type PasswordRuleId = (typeof PASSWORD_RULE_IDS)[number]

/** Who the password is for; rules about the email or username apply only when they are known. */
export interface PasswordIdentity {
  email?: string
  username?: string
}

export interface PasswordRuleCheck {
  id: PasswordRuleId
  met: boolean
}

/** The part of the email before the @, when it is long enough to be checked. */
export function emailLocalPart(email: string | undefined): string | undefined {
  const local = email?.trim().split('@')[0]?.toLowerCase()
  return local && local.length >= MIN_CHECKED_LOCAL_PART_LENGTH ? local : undefined
}

function normalisedUsername(identity: PasswordIdentity): string | undefined {
  const username = identity.username?.trim().toLowerCase()
  return username ? username : undefined
}

/** The rules that apply to this identity, in the order they are shown. */
export function applicableRules(identity: PasswordIdentity = {}): PasswordRuleId[] {
  return PASSWORD_RULE_IDS.filter((id) => {
    if (id === 'notEmailName') return emailLocalPart(identity.email) !== undefined
    if (id === 'notUsername') return normalisedUsername(identity) !== undefined
    return true
  })
}

function meets(id: PasswordRuleId, password: string, identity: PasswordIdentity): boolean {
  switch (id) {
    case 'length':
      // Counted in characters as people see them, not UTF-16 units.
      return [...password].length >= PASSWORD_MIN_LENGTH
    case 'lowercase':
      return /\p{Ll}/u.test(password)
    case 'uppercase':
      return /\p{Lu}/u.test(password)
    case 'number':
      return /\p{Nd}/u.test(password)
    case 'notEmailName': {
      const local = emailLocalPart(identity.email)
      return local === undefined || !password.toLowerCase().includes(local)
    }
    case 'notUsername': {
      const username = normalisedUsername(identity)
      return username === undefined || password.trim().toLowerCase() !== username
    }
  }
}

/** Each applicable rule and whether `password` meets it. */
export function checkPassword(password: string, identity: PasswordIdentity = {}): PasswordRuleCheck[] {
  return applicableRules(identity).map((id) => ({ id, met: meets(id, password, identity) }))
}
