import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import type * as v from 'valibot'
import {
  ACCESS_KEY_ERROR_CODES,
  ACCESS_KEYS_PER_ENVIRONMENT_MAX,
  AccessKeyCreateSchema,
  AccessKeyRevokeSchema,
  AccessKeyRotateSchema,
  type AccessKeyStatus,
  IssuedAccessKeySchema,
  ManagedAccessKeyListSchema,
  type ManagedAccessKeySchema,
  RevokedAccessKeySchema,
} from '../../contract/access-keys'
import { AccessKeySecretSchema, type KeyEnvironment } from '../../contract/settings'
import type { ApiContext, ApiDeps, ApiEnv } from '../api/env'
import { refuseOtherMerchant, requireFreshSignIn, requireScope } from '../api/guards'
import { readBody, sendError, sendValidated } from '../api/http'
import { SCOPES } from '../data/personas'
import type { Random } from '../data/random'

/*
 * Access keys and their lifecycle: several per environment; created and rotated keys' secrets are
 * answered once, by the call that makes them, and never kept (`secret: null`). The seeded keys keep
 * theirs for the reveal call the current portal page uses (contract/README.md, "Access keys").
 */

export interface AccessKeyRecord {
  id: string
  merchantID: string
  environment: KeyEnvironment
  name: string
  publicKey: string
  secretLast4: string
  /** ms since the epoch, as the other records. */
  createdAt: number
  lastUsedAt: number | null
  /** A rotated-out key works until then (the sandbox clock), and leaves the list then. */
  expiresAt: number | null
  revoked: boolean
  /** Seeded keys only: what the reveal call answers. Keys made through the API keep none. */
  secret: string | null
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

function seededToken(random: Random, length: number): string {
  return Array.from({ length }, () => random.pick([...ALPHABET])).join('')
}

/** A secret nobody can foresee: the seeded stream would make every run's new keys alike. */
function freshToken(length: number): string {
  return Array.from(randomBytes(length), (byte) => ALPHABET[byte % ALPHABET.length]).join('')
}

const PREFIX: Record<KeyEnvironment, { public: string; secret: string }> = {
  SANDBOX: { public: 'pk_test_', secret: 'sk_test_' },
  PRODUCTION: { public: 'pk_live_', secret: 'sk_live_' },
}

function seededKey(
  merchantID: string,
  environment: KeyEnvironment,
  name: string,
  createdAt: string,
  lastUsedAt: string | null,
  random: Random,
): AccessKeyRecord {
  const secret = `${PREFIX[environment].secret}${seededToken(random, 32)}`
  return {
    id: random.uuid(),
    merchantID,
    environment,
    name,
    publicKey: `${PREFIX[environment].public}${seededToken(random, 24)}`,
    secret,
    secretLast4: secret.slice(-4),
    createdAt: Date.parse(createdAt),
    lastUsedAt: lastUsedAt === null ? null : Date.parse(lastUsedAt),
    expiresAt: null,
    revoked: false,
  }
}

export function generateAccessKeys(merchantID: string, random: Random): AccessKeyRecord[] {
  const keys = [
    seededKey(
      merchantID,
      'SANDBOX',
      'Sandbox key',
      '2024-02-01T15:00:00.000Z',
      '2026-02-27T18:12:00.000Z',
      random,
    ),
    seededKey(
      merchantID,
      'PRODUCTION',
      'Web checkout',
      '2024-02-20T17:45:00.000Z',
      '2026-03-01T09:30:00.000Z',
      random,
    ),
  ]
  if (random.chance(0.5)) {
    keys.push(seededKey(merchantID, 'PRODUCTION', 'Point of sale', '2024-06-11T14:05:00.000Z', null, random))
  }
  return keys
}

function statusOf(record: AccessKeyRecord): AccessKeyStatus {
  if (record.revoked) return 'REVOKED'
  return record.expiresAt === null ? 'ACTIVE' : 'EXPIRING'
}

/** What the list shows of a key: never its secret. */
export function keyWire(record: AccessKeyRecord): v.InferInput<typeof ManagedAccessKeySchema> {
  return {
    id: record.id,
    environment: record.environment,
    name: record.name,
    publicKey: record.publicKey,
    secretLast4: record.secretLast4,
    createdAt: new Date(record.createdAt).toISOString(),
    lastUsedAt: record.lastUsedAt === null ? null : new Date(record.lastUsedAt).toISOString(),
    expiresAt: record.expiresAt === null ? null : new Date(record.expiresAt).toISOString(),
    status: statusOf(record),
  }
}

const HOUR_MS = 60 * 60 * 1000

export function accessKeyRoutes(deps: ApiDeps) {
  const { store, clock } = deps

  /** The merchant's keys in use: revoked ones and rotated-out ones past their grace period are gone. */
  function inUse(merchantID: string): AccessKeyRecord[] {
    const settings = store().settings
    const now = clock.now()
    settings.accessKeys = settings.accessKeys.filter(
      (key) => !key.revoked && (key.expiresAt === null || key.expiresAt > now),
    )
    return settings.accessKeys.filter((key) => key.merchantID === merchantID)
  }

  function newKey(merchantID: string, environment: KeyEnvironment, name: string) {
    const secret = `${PREFIX[environment].secret}${freshToken(32)}`
    const record: AccessKeyRecord = {
      id: crypto.randomUUID(),
      merchantID,
      environment,
      name,
      publicKey: `${PREFIX[environment].public}${freshToken(24)}`,
      secretLast4: secret.slice(-4),
      createdAt: clock.now(),
      lastUsedAt: null,
      expiresAt: null,
      revoked: false,
      secret: null,
    }
    store().settings.accessKeys.push(record)
    return { record, secret }
  }

  /** The key of the path when the token acts for its merchant and it is in use; otherwise the refusal. */
  function keyOf(c: ApiContext): AccessKeyRecord | Response {
    const { merchantID, keyID } = c.req.param()
    const refused = refuseOtherMerchant(c, merchantID)
    if (refused) return refused
    const found = merchantID ? inUse(merchantID).find((key) => key.id === keyID) : undefined
    return found ?? sendError(c, 404, 'not_found', 'No such access key.')
  }

  return new Hono<ApiEnv>()
    .get('/merchant/:merchantID/access-keys', requireScope(SCOPES.apiKeysRead), (c) => {
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      return sendValidated(c, ManagedAccessKeyListSchema, { data: { items: inUse(merchantID).map(keyWire) } })
    })
    .post(
      '/merchant/:merchantID/access-keys',
      requireScope(SCOPES.apiKeysWrite),
      requireFreshSignIn(deps),
      async (c) => {
        const merchantID = c.req.param('merchantID')
        const refused = refuseOtherMerchant(c, merchantID)
        if (refused) return refused
        const body = await readBody(c, AccessKeyCreateSchema)
        if (!body.ok) return body.response
        const { name, environment } = body.value
        const held = inUse(merchantID).filter((key) => key.environment === environment)
        if (held.length >= ACCESS_KEYS_PER_ENVIRONMENT_MAX) {
          return sendError(
            c,
            409,
            ACCESS_KEY_ERROR_CODES.tooMany,
            `A merchant holds at most ${ACCESS_KEYS_PER_ENVIRONMENT_MAX} keys per environment.`,
          )
        }
        const { record, secret } = newKey(merchantID, environment, name)
        c.set('secretInAnswer', true)
        return sendValidated(c, IssuedAccessKeySchema, { data: { key: keyWire(record), secret } }, 201)
      },
    )
    .post(
      '/merchant/:merchantID/access-keys/:keyID/rotate',
      requireScope(SCOPES.apiKeysWrite),
      requireFreshSignIn(deps),
      async (c) => {
        const old = keyOf(c)
        if (old instanceof Response) return old
        if (old.expiresAt !== null) {
          return sendError(c, 409, ACCESS_KEY_ERROR_CODES.notActive, 'This key has already been rotated.')
        }
        const body = await readBody(c, AccessKeyRotateSchema)
        if (!body.ok) return body.response
        const { graceHours } = body.value
        const { record, secret } = newKey(old.merchantID, old.environment, old.name)
        if (graceHours === 0) old.revoked = true
        else old.expiresAt = clock.now() + graceHours * HOUR_MS
        old.secret = null
        c.set('secretInAnswer', true)
        return sendValidated(c, IssuedAccessKeySchema, {
          data: { key: keyWire(record), secret, previous: keyWire(old) },
        })
      },
    )
    .post('/merchant/:merchantID/access-keys/:keyID/revoke', requireScope(SCOPES.apiKeysWrite), async (c) => {
      const key = keyOf(c)
      if (key instanceof Response) return key
      const body = await readBody(c, AccessKeyRevokeSchema)
      if (!body.ok) return body.response
      if (body.value.confirmName !== key.name) {
        return sendError(
          c,
          422,
          ACCESS_KEY_ERROR_CODES.nameMismatch,
          'Type the key’s name exactly to revoke it.',
        )
      }
      key.revoked = true
      key.secret = null
      return sendValidated(c, RevokedAccessKeySchema, { data: keyWire(key) })
    })
    .post('/merchant/:merchantID/access-keys/:keyID/reveal', requireScope(SCOPES.apiKeysRead), (c) => {
      const key = keyOf(c)
      if (key instanceof Response) return key
      if (key.secret === null) {
        return sendError(
          c,
          410,
          ACCESS_KEY_ERROR_CODES.secretGone,
          'This key’s secret was shown once, when it was made; rotate the key for a new one.',
        )
      }
      return sendValidated(c, AccessKeySecretSchema, { data: { id: key.id, secret: key.secret } })
    })
}
