import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ErrorBodySchema } from '../../contract/error'
import {
  type AccessLevel,
  InviteUserRequestSchema,
  MerchantUserPageSchema,
  MerchantUserResponseSchema,
  UpdateUserRequestSchema,
  USER_ERROR_CODES,
  USER_PAGE_LIMIT,
  USER_STATUSES,
} from '../../contract/users'
import type { ApiContext, ApiEnv } from '../api/env'
import { claimsOf, refuseOtherMerchant, requireScope } from '../api/guards'
import { readBody, readPage, sendError, sendValidated } from '../api/http'
import { newRecordId } from '../api/newer-platform'
import { readStatusFilter } from '../api/status-filter'
import { MERCHANT_IDS } from '../data/ids'
import { perMerchant } from '../data/per-merchant'
import { SCOPES, scopesOfAccessLevel } from '../data/personas'
import { recordMessage } from './outbox'
import { issueActivationToken } from './passwords'
import { defineResource } from './resource'
import { generateUsers, syncActivation, type UserRecord, type UsersData, userWire } from './users-records'

/*
 * The users resource: each merchant's users, generated on first use (users-records.ts), and the
 * routes that list, invite, change, deactivate and reactivate them.
 */

/** Acme Outdoor's staff besides its personas. */
export const ACME_COLLEAGUE_COUNT = 22
/** Where the activation link of an invitation points when the request names no portal. */
export const DEFAULT_PORTAL_ORIGIN = 'http://localhost:5173'

function refuse(c: ApiContext, status: ContentfulStatusCode, code: string, message: string): Response {
  return sendValidated(c, ErrorBodySchema, { error: { code, message } }, status)
}

/** The portal that sent the request, for the link in the email; only loopback origins are trusted. */
export function portalOrigin(c: ApiContext): string {
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

    /** 403 when `level` grants a scope the caller's token does not hold (no one grants more than they have). */
    function refuseEscalation(c: ApiContext, level: AccessLevel): Response | undefined {
      const held = new Set(claimsOf(c).scp)
      const missing = scopesOfAccessLevel(level).filter((scope) => !held.has(scope))
      if (missing.length === 0) return undefined
      return sendError(
        c,
        403,
        USER_ERROR_CODES.exceedsInviter,
        `${level} grants access you do not hold yourself.`,
        { missingScopes: missing },
      )
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
        const escalation = refuseEscalation(c, accessLevel)
        if (escalation) return escalation
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
        const escalation = refuseEscalation(c, body.value.accessLevel)
        if (escalation) return escalation
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
