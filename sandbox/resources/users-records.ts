import type * as v from 'valibot'
import type { AccessLevel, MerchantUserSchema, UserStatus } from '../../contract/users'
import { personName } from '../data/contacts'
import { PERSONAS } from '../data/personas'
import type { Random } from '../data/random'
import type { MerchantRecord } from './merchants'
import type { PasswordsData } from './passwords'

/*
 * The users of each merchant: the personas assigned to it (with their persona ids, so the signed-in user
 * finds their own row by the token's uid) and generated colleagues. An invitation issues an ACTIVATE
 * token through the passwords resource and records the email in the outbox; using the link makes the
 * user ACTIVE.
 */

type UserWire = v.InferInput<typeof MerchantUserSchema>

export interface UserRecord {
  id: string
  merchantID: string
  name: string | null
  email: string
  accessLevel: AccessLevel
  status: UserStatus
  lastSignInAt: number | null
  invitedAt: number | null
  createdAt: number
  /** What the user was before deactivation, for reactivating. */
  statusBeforeDeactivation: Exclude<UserStatus, 'DEACTIVATED'> | null
}

export interface UsersData {
  /** A merchant's users, generated on first use; undefined for an unknown merchant. */
  of(merchantID: string): UserRecord[] | undefined
}

const DAY = 24 * 60 * 60 * 1000

function domainOf(merchant: MerchantRecord): string {
  return `${merchant.name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.test`
}

export function generateUsers(
  random: Random,
  merchant: MerchantRecord,
  count: number,
  now: number,
): UserRecord[] {
  const personas: UserRecord[] = PERSONAS.filter((persona) => persona.merchantID === merchant.id).map(
    (persona) => ({
      id: persona.id,
      merchantID: merchant.id,
      name: persona.name,
      email: persona.username,
      accessLevel: persona.scopes.some((scope) => scope.startsWith('c:tx')) ? 'READ/WRITE' : 'READ',
      status: 'ACTIVE',
      lastSignInAt: now - random.int(1, 72) * 60 * 60 * 1000,
      invitedAt: null,
      createdAt: now - random.int(400, 900) * DAY,
      statusBeforeDeactivation: null,
    }),
  )
  const emails = new Set(personas.map((user) => user.email))
  const colleagues: UserRecord[] = []
  while (colleagues.length < count) {
    const { first, last, name } = personName(random)
    const email = `${first}.${last}@${domainOf(merchant)}`.toLowerCase()
    if (emails.has(email)) continue
    emails.add(email)
    const roll = random.next()
    const status: UserStatus = roll < 0.15 ? 'INVITED' : roll < 0.3 ? 'DEACTIVATED' : 'ACTIVE'
    const createdAt = now - random.int(3, 700) * DAY
    const invitedAt =
      status === 'INVITED' ? now - random.int(0, 6) * DAY - random.int(1, 20) * 60 * 60 * 1000 : null
    colleagues.push({
      id: random.uuid(),
      merchantID: merchant.id,
      name: status === 'INVITED' && random.chance(0.5) ? null : name,
      email,
      accessLevel: random.chance(0.4) ? 'READ/WRITE' : 'READ',
      status,
      lastSignInAt: status === 'INVITED' ? null : Math.min(now, createdAt + random.int(0, 300) * DAY),
      invitedAt,
      createdAt: invitedAt ?? createdAt,
      statusBeforeDeactivation: status === 'DEACTIVATED' ? 'ACTIVE' : null,
    })
  }
  const all = [...personas, ...colleagues]
  return all.sort((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email))
}

const iso = (time: number | null) => (time === null ? null : new Date(time).toISOString())

export function userWire(record: UserRecord): UserWire {
  const { statusBeforeDeactivation: _before, ...user } = record
  return {
    ...user,
    lastSignInAt: iso(record.lastSignInAt),
    invitedAt: iso(record.invitedAt),
    createdAt: new Date(record.createdAt).toISOString(),
  }
}

/** An invited user whose activation link was used is active from then on. */
export function syncActivation(record: UserRecord, passwords: PasswordsData): void {
  if (record.status !== 'INVITED') return
  for (const token of passwords.tokens.values()) {
    if (token.email === record.email && token.purpose === 'ACTIVATE' && token.usedAt !== null) {
      record.status = 'ACTIVE'
      record.name ??= record.email.split('@')[0] ?? record.email
      return
    }
  }
}
