import { ZERO_MERCHANT_ID } from '../data/ids'
import { findPersonaById, findPersonaByUsername, type Persona, scopesOfAccessLevel } from '../data/personas'
import { syncActivation, type UserRecord } from '../resources/users-records'
import type { Store } from '../store'

/**
 * Everyone who can sign in to the sandbox: the personas, and the users created through user
 * management once they have set a password (on /activate or /password/reset). A user deactivated in
 * user management is still found, so that the provider can say why sign-in is refused.
 */
export interface SandboxAccount extends Persona {
  active: boolean
}

function userRecords(store: Store, merchantID: string): readonly UserRecord[] {
  const records = store.users.of(merchantID) ?? []
  for (const record of records) syncActivation(record, store.passwords)
  return records
}

function fromPersona(store: Store, persona: Persona): SandboxAccount {
  // A persona assigned to a merchant has a row in its user management, which can deactivate it.
  const record =
    persona.merchantID === ZERO_MERCHANT_ID
      ? undefined
      : userRecords(store, persona.merchantID).find((candidate) => candidate.id === persona.id)
  return { ...persona, active: record?.status !== 'DEACTIVATED' }
}

function fromUser(store: Store, record: UserRecord): SandboxAccount | undefined {
  const merchant = store.merchants.find((candidate) => candidate.id === record.merchantID)
  if (!merchant) return undefined
  return {
    id: record.id,
    username: record.email,
    name: record.name ?? record.email,
    merchantID: record.merchantID,
    tenantID: merchant.tenantID,
    scopes: scopesOfAccessLevel(record.accessLevel),
    description: `${merchant.name} user (${record.accessLevel})`,
    active: record.status === 'ACTIVE',
  }
}

function findUser(store: Store, matches: (record: UserRecord) => boolean): SandboxAccount | undefined {
  for (const merchant of store.merchants) {
    const record = userRecords(store, merchant.id).find(matches)
    if (record) return fromUser(store, record)
  }
  return undefined
}

export function findAccountByUsername(store: Store, username: string): SandboxAccount | undefined {
  const persona = findPersonaByUsername(username)
  if (persona) return fromPersona(store, persona)
  const email = username.trim().toLowerCase()
  // Only someone who has set a password can sign in; the others need not be looked for.
  if (!store.passwords.passwords.has(email)) return undefined
  return findUser(store, (record) => record.email.toLowerCase() === email)
}

export function findAccountById(store: Store, id: string): SandboxAccount | undefined {
  const persona = findPersonaById(id)
  if (persona) return fromPersona(store, persona)
  return findUser(store, (record) => record.id === id)
}
