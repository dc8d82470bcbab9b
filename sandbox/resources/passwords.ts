import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import {
  type ActivationPurpose,
  ActivationTokenInfoResponseSchema,
  ChangePasswordRequestSchema,
  PASSWORD_ERROR_CODES,
  PasswordResetRequestSchema,
  SetPasswordRequestSchema,
  SetPasswordResponseSchema,
  type WeakPasswordDetails,
} from '../../contract/passwords'
import type { ApiContext, ApiEnv } from '../api/env'
import { claimsOf, requireScope } from '../api/guards'
import { readBody, sendError, sendValidated } from '../api/http'
import type { ActivationTokenRequest, IssuedActivationToken } from '../control-wire'
import { PASSWORD } from '../data/ids'
import { findPersonaById, findPersonaByUsername, PERSONAS, SCOPES } from '../data/personas'
import {
  brokenRules,
  MIN_CHECKED_LOCAL_PART_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordIdentity,
  type PasswordRuleId,
} from './password-policy'
import { defineResource } from './resource'

export interface ActivationTokenRecord {
  token: string
  /** Lower-case. */
  email: string
  purpose: ActivationPurpose
  createdAt: number
  expiresAt: number
  usedAt: number | null
}

export interface PasswordsData {
  /** The current password by username (the lower-case email); every persona starts with `sandbox`. */
  passwords: Map<string, string>
  /** Activation and reset tokens by token, in the order they were issued. */
  tokens: Map<string, ActivationTokenRecord>
}

const DEFAULT_TTL_SECONDS: Record<ActivationPurpose, number> = {
  ACTIVATE: 7 * 24 * 60 * 60,
  RESET: 60 * 60,
}
const MAX_KEPT_TOKENS = 500

const RULE_TEXT: Record<PasswordRuleId, string> = {
  length: `at least ${PASSWORD_MIN_LENGTH} characters`,
  lowercase: 'a lowercase letter',
  uppercase: 'an uppercase letter',
  number: 'a number',
  notEmailName: `not containing the part of the email before the @ (when it has ${MIN_CHECKED_LOCAL_PART_LENGTH} or more characters)`,
  notUsername: 'not the username',
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Issues a one-time link token; old ones are forgotten beyond a limit so the store stays small. */
export function issueActivationToken(
  data: PasswordsData,
  request: ActivationTokenRequest,
  now = Date.now(),
): ActivationTokenRecord {
  const ttlSeconds = request.expiresInSeconds ?? DEFAULT_TTL_SECONDS[request.purpose]
  const record: ActivationTokenRecord = {
    token: randomBytes(24).toString('base64url'),
    email: normaliseEmail(request.email),
    purpose: request.purpose,
    createdAt: now,
    expiresAt: now + ttlSeconds * 1000,
    usedAt: null,
  }
  data.tokens.set(record.token, record)
  for (const token of data.tokens.keys()) {
    if (data.tokens.size <= MAX_KEPT_TOKENS) break
    data.tokens.delete(token)
  }
  return record
}

/** Issued tokens, newest first, optionally only those for `email`. */
export function listActivationTokens(data: PasswordsData, email?: string): IssuedActivationToken[] {
  const wanted = email ? normaliseEmail(email) : undefined
  return [...data.tokens.values()]
    .filter((record) => wanted === undefined || record.email === wanted)
    .reverse()
    .map((record) => ({
      token: record.token,
      email: record.email,
      purpose: record.purpose,
      createdAt: new Date(record.createdAt).toISOString(),
      expiresAt: new Date(record.expiresAt).toISOString(),
      usedAt: record.usedAt === null ? null : new Date(record.usedAt).toISOString(),
    }))
}

/** What the identity provider asks when someone signs in. */
export function passwordMatches(data: PasswordsData, username: string, password: string): boolean {
  const current = data.passwords.get(normaliseEmail(username))
  return current !== undefined && current === password
}

function identityOf(email: string): PasswordIdentity {
  return { email, username: findPersonaByUsername(email)?.username ?? email }
}

type TokenLookup = { ok: true; record: ActivationTokenRecord } | { ok: false; response: Response }

function usableToken(c: ApiContext, data: PasswordsData, token: string, now = Date.now()): TokenLookup {
  const record = data.tokens.get(token)
  if (!record) {
    return { ok: false, response: sendError(c, 404, 'not_found', 'This link is not valid.') }
  }
  if (record.usedAt !== null) {
    return {
      ok: false,
      response: sendError(c, 410, PASSWORD_ERROR_CODES.tokenUsed, 'This link has already been used.'),
    }
  }
  if (now >= record.expiresAt) {
    return {
      ok: false,
      response: sendError(c, 410, PASSWORD_ERROR_CODES.tokenExpired, 'This link has expired.'),
    }
  }
  return { ok: true, record }
}

/** A 400 weak_password response listing the broken rules, or undefined when the password is fine. */
function refuseWeak(c: ApiContext, password: string, identity: PasswordIdentity): Response | undefined {
  const failedRules = brokenRules(password, identity)
  if (failedRules.length === 0) return undefined
  const details: WeakPasswordDetails = { failedRules }
  return sendError(
    c,
    400,
    PASSWORD_ERROR_CODES.weak,
    `The password must have ${failedRules.map((rule) => RULE_TEXT[rule]).join('; ')}.`,
    details,
  )
}

export const passwords = defineResource({
  key: 'passwords',
  generate: (): PasswordsData => ({
    passwords: new Map(PERSONAS.map((persona) => [persona.username, PASSWORD])),
    tokens: new Map(),
  }),
  // Whoever opens an emailed link is not signed in; the link's token is the credential.
  publicRoutes: [
    { method: 'GET', path: '/auth/activation/*' },
    { method: 'POST', path: '/auth/activation/*' },
    { method: 'POST', path: '/auth/password/reset-request' },
  ],
  routes: ({ store }) =>
    new Hono<ApiEnv>()
      .get('/auth/activation/:activationToken', (c) => {
        const found = usableToken(c, store().passwords, c.req.param('activationToken'))
        if (!found.ok) return found.response
        const { email, purpose, expiresAt } = found.record
        return sendValidated(c, ActivationTokenInfoResponseSchema, {
          data: { email, purpose, expiresAt: new Date(expiresAt).toISOString() },
        })
      })
      .post('/auth/activation/:activationToken', async (c) => {
        const data = store().passwords
        const found = usableToken(c, data, c.req.param('activationToken'))
        if (!found.ok) return found.response
        const body = await readBody(c, SetPasswordRequestSchema)
        if (!body.ok) return body.response
        const { record } = found
        const weak = refuseWeak(c, body.value.password, identityOf(record.email))
        if (weak) return weak
        data.passwords.set(record.email, body.value.password)
        record.usedAt = Date.now()
        return sendValidated(c, SetPasswordResponseSchema, { data: { email: record.email } })
      })
      // Always 202, so the answer never tells whether an email has an account.
      .post('/auth/password/reset-request', async (c) => {
        const body = await readBody(c, PasswordResetRequestSchema)
        if (!body.ok) return body.response
        const data = store().passwords
        const email = normaliseEmail(body.value.email)
        if (data.passwords.has(email)) issueActivationToken(data, { email, purpose: 'RESET' })
        return c.body(null, 202)
      })
      .post('/user/password', requireScope(SCOPES.passwordWrite), async (c) => {
        const persona = findPersonaById(claimsOf(c).uid)
        if (!persona) return sendError(c, 404, 'not_found', 'No such user.')
        const body = await readBody(c, ChangePasswordRequestSchema)
        if (!body.ok) return body.response
        const data = store().passwords
        if (!passwordMatches(data, persona.username, body.value.currentPassword)) {
          return sendError(c, 400, PASSWORD_ERROR_CODES.wrongCurrent, 'The current password is not correct.')
        }
        const weak = refuseWeak(c, body.value.newPassword, identityOf(persona.username))
        if (weak) return weak
        data.passwords.set(persona.username, body.value.newPassword)
        return c.body(null, 204)
      }),
})
