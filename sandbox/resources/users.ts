import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type * as v from 'valibot'
import { ErrorBodySchema } from '../../contract/error'
import {
  InviteUserRequestSchema,
  MerchantUserPageSchema,
  MerchantUserResponseSchema,
  type MerchantUserSchema,
  UpdateUserRequestSchema,
  USER_ERROR_CODES,
  USER_PAGE_LIMIT,
  USER_STATUSES,
  type UserStatus,
} from '../../contract/users'
import type { AccessLevel } from '../../src/access/scopes'
import type { ApiContext, ApiEnv } from '../api/env'
import { claimsOf, refuseOtherMerchant, requireScope } from '../api/guards'
import { readBody, readPage, sendError, sendValidated } from '../api/http'
import { newRecordId } from '../api/newer-platform'
import { readStatusFilter } from '../api/status-filter'
import { personName } from '../data/contacts'
import { MERCHANT_IDS } from '../data/ids'
import { perMerchant } from '../data/per-merchant'
import { PERSONAS, SCOPES } from '../data/personas'
import type { Random } from '../data/random'
import type { MerchantRecord } from './merchants'
import { recordMessage } from './outbox'
import { issueActivationToken, type PasswordsData } from './passwords'
import { defineResource } from './resource'

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
/** Acme Outdoor's staff besides its personas. */
export const ACME_COLLEAGUE_COUNT = 22
/** Where the activation link of an invitation points when the request names no portal. */
export const DEFAULT_PORTAL_ORIGIN = 'http://localhost:5173'

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

function refuse(c: ApiContext, status: ContentfulStatusCode, code: string, message: string): Response {
  return sendValidated(c, ErrorBodySchema, { error: { code, message } }, status)
}

/** The portal that sent the request, for the link in the email; only loopback origins are trusted. */
function portalOrigin(c: ApiContext): string {
  const origin = c.req.header('Origin')
  return origin && /^https?:\/\/(?:localhost|127\.0\.0\.1)(?::\d+)?$/.test(origin)
    ? origin
    : DEFAULT_PORTAL_ORIGIN
}

export const users = defineResource({
  key: 'users',
  generate: ({ random, need }) => {
    const merchants = need('merchants')
    const { now } = need('transactions')
    return {
      of: perMerchant(merchants, random, (merchant, stream) => {
        const count = merchant.id === MERCHANT_IDS.acme ? ACME_COLLEAGUE_COUNT : stream.int(3, 12)
        return generateUsers(stream, merchant, count, now)
      }),
    } satisfies UsersData
  },
  routes: ({ store }) => {
    /** The merchant's users with activations applied, or the refusal. */
    function usersOf(c: ApiContext): UserRecord[] | Response {
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      const records = merchantID ? store().users.of(merchantID) : undefined
      if (!records) return sendError(c, 404, 'not_found', 'No such merchant.')
      for (const record of records) syncActivation(record, store().passwords)
      return records
    }

    function findUser(c: ApiContext): UserRecord | Response {
      const records = usersOf(c)
      if (records instanceof Response) return records
      return (
        records.find((candidate) => candidate.id === c.req.param('userID')) ??
        sendError(c, 404, 'not_found', 'No such user.')
      )
    }

    function invite(c: ApiContext, record: UserRecord): void {
      const passwords = store().passwords
      // A new invitation replaces the previous one: only the latest link works.
      for (const token of passwords.tokens.values()) {
        if (token.email === record.email && token.purpose === 'ACTIVATE' && token.usedAt === null) {
          token.expiresAt = Math.min(token.expiresAt, Date.now())
        }
      }
      const { token } = issueActivationToken(passwords, { email: record.email, purpose: 'ACTIVATE' })
      const link = `${portalOrigin(c)}/activate/${encodeURIComponent(token)}`
      const merchant = store().merchants.find((candidate) => candidate.id === record.merchantID)
      const merchantName = merchant?.name ?? 'your merchant'
      recordMessage(store().outbox, {
        kind: 'INVITATION',
        channel: 'EMAIL',
        to: record.email,
        subject: `You are invited to ${merchantName} on the merchant portal`,
        body: `${record.name ? `Hi ${record.name}, y` : 'Y'}ou have been invited to work with ${merchantName}. Create your password to get started (the link works for 7 days): ${link}`,
        link,
      })
      record.invitedAt = Date.now()
    }

    function refuseSelf(c: ApiContext, record: UserRecord, what: string): Response | undefined {
      if (record.id !== claimsOf(c).uid) return undefined
      return refuse(
        c,
        409,
        USER_ERROR_CODES.self,
        `You cannot ${what} yourself; ask another user who manages users.`,
      )
    }

    return new Hono<ApiEnv>()
      .get('/merchant/:merchantID/users', requireScope(SCOPES.usersRead), (c) => {
        const records = usersOf(c)
        if (records instanceof Response) return records
        const page = readPage(c, { defaultLimit: 25, max: USER_PAGE_LIMIT })
        if (!page.ok) return page.response
        const statuses = readStatusFilter(c, USER_STATUSES)
        if (statuses instanceof Response) return statuses
        const term = (c.req.query('search') ?? '').trim().toLowerCase()
        const matching = records.filter(
          (record) =>
            (statuses === null || statuses.includes(record.status)) &&
            (term === '' || record.email.includes(term) || (record.name ?? '').toLowerCase().includes(term)),
        )
        const { offset, limit } = page.value
        return sendValidated(c, MerchantUserPageSchema, {
          data: {
            items: matching.slice(offset, offset + limit).map(userWire),
            pagination: { offset, limit, total: matching.length },
          },
        })
      })
      .post('/merchant/:merchantID/users', requireScope(SCOPES.usersWrite), async (c) => {
        const records = usersOf(c)
        if (records instanceof Response) return records
        const body = await readBody(c, InviteUserRequestSchema)
        if (!body.ok) return body.response
        const { email, name, accessLevel } = body.value
        if (records.some((record) => record.email === email)) {
          return refuse(c, 409, USER_ERROR_CODES.exists, `${email} already has access to this merchant.`)
        }
        const now = Date.now()
        const record: UserRecord = {
          id: newRecordId(c, 'usr'),
          merchantID: c.req.param('merchantID'),
          name: name || null,
          email,
          accessLevel,
          status: 'INVITED',
          lastSignInAt: null,
          invitedAt: now,
          createdAt: now,
          statusBeforeDeactivation: null,
        }
        invite(c, record)
        records.push(record)
        return sendValidated(c, MerchantUserResponseSchema, { data: userWire(record) }, 201)
      })
      .post('/merchant/:merchantID/users/:userID/resend-invitation', requireScope(SCOPES.usersWrite), (c) => {
        const record = findUser(c)
        if (record instanceof Response) return record
        if (record.status !== 'INVITED') {
          return refuse(
            c,
            409,
            USER_ERROR_CODES.notInvited,
            `${record.email} has already accepted the invitation.`,
          )
        }
        invite(c, record)
        return sendValidated(c, MerchantUserResponseSchema, { data: userWire(record) })
      })
      .patch('/merchant/:merchantID/users/:userID', requireScope(SCOPES.usersWrite), async (c) => {
        const record = findUser(c)
        if (record instanceof Response) return record
        const self = refuseSelf(c, record, 'change the access level of')
        if (self) return self
        const body = await readBody(c, UpdateUserRequestSchema)
        if (!body.ok) return body.response
        record.accessLevel = body.value.accessLevel
        return sendValidated(c, MerchantUserResponseSchema, { data: userWire(record) })
      })
      .post('/merchant/:merchantID/users/:userID/deactivate', requireScope(SCOPES.usersWrite), (c) => {
        const record = findUser(c)
        if (record instanceof Response) return record
        const self = refuseSelf(c, record, 'deactivate')
        if (self) return self
        if (record.status === 'DEACTIVATED') {
          return refuse(c, 409, USER_ERROR_CODES.state, `${record.email} is already deactivated.`)
        }
        record.statusBeforeDeactivation = record.status
        record.status = 'DEACTIVATED'
        return sendValidated(c, MerchantUserResponseSchema, { data: userWire(record) })
      })
      .post('/merchant/:merchantID/users/:userID/reactivate', requireScope(SCOPES.usersWrite), (c) => {
        const record = findUser(c)
        if (record instanceof Response) return record
        if (record.status !== 'DEACTIVATED') {
          return refuse(c, 409, USER_ERROR_CODES.state, `${record.email} is not deactivated.`)
        }
        record.status = record.statusBeforeDeactivation ?? 'ACTIVE'
        record.statusBeforeDeactivation = null
        return sendValidated(c, MerchantUserResponseSchema, { data: userWire(record) })
      })
  },
})
