import * as v from 'valibot'
import { dataOf, isoDate } from './common'
import { AccessKeySchema, KEY_ENVIRONMENTS } from './settings'

/*
 * The access keys' lifecycle: several keys per environment, created, rotated (the old secret keeps
 * working for a grace period) and revoked. A secret is answered exactly once, by the call that makes
 * it (create or rotate), and never again by any call: the list carries its last four characters only.
 */

/** ACTIVE; EXPIRING: rotated out, working until `expiresAt`; REVOKED: answered by the revoke call only. */
export const ACCESS_KEY_STATUSES = ['ACTIVE', 'EXPIRING', 'REVOKED'] as const
export const AccessKeyStatusSchema = v.picklist(ACCESS_KEY_STATUSES)
export type AccessKeyStatus = v.InferOutput<typeof AccessKeyStatusSchema>

/** The grace periods a rotation offers, in hours: none, 1 hour, 24 hours, 7 days. */
export const ROTATION_GRACE_HOURS = [0, 1, 24, 168] as const
export type RotationGraceHours = (typeof ROTATION_GRACE_HOURS)[number]

export const ACCESS_KEY_NAME_MAX = 60
/** Keys a merchant may hold per environment (expiring ones count until they are gone). */
export const ACCESS_KEYS_PER_ENVIRONMENT_MAX = 10

/** A key as the list shows it: never its secret. Rotated-out keys carry `expiresAt` until they are gone. */
export const ManagedAccessKeySchema = v.strictObject({
  ...AccessKeySchema.entries,
  /** Set on a rotated-out key: its secret works until then, and the key leaves the list then. */
  expiresAt: v.nullable(isoDate),
  status: AccessKeyStatusSchema,
})
export type ManagedAccessKey = v.InferOutput<typeof ManagedAccessKeySchema>

/** GET /api/merchant/{merchantID}/access-keys: the keys in use (revoked and lapsed ones are gone). */
export const ManagedAccessKeyListSchema = dataOf(v.strictObject({ items: v.array(ManagedAccessKeySchema) }))

/** POST /api/merchant/{merchantID}/access-keys (w:merchant.api, a fresh sign-in). */
export const AccessKeyCreateSchema = v.strictObject({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(ACCESS_KEY_NAME_MAX)),
  environment: v.picklist(KEY_ENVIRONMENTS),
})
export type AccessKeyCreate = v.InferOutput<typeof AccessKeyCreateSchema>

/** POST /api/merchant/{merchantID}/access-keys/{keyID}/rotate (w:merchant.api, a fresh sign-in). */
export const AccessKeyRotateSchema = v.strictObject({ graceHours: v.picklist(ROTATION_GRACE_HOURS) })
export type AccessKeyRotate = v.InferOutput<typeof AccessKeyRotateSchema>

/** POST /api/merchant/{merchantID}/access-keys/{keyID}/revoke (w:merchant.api): typed name must match. */
export const AccessKeyRevokeSchema = v.strictObject({ confirmName: v.string() })
export type AccessKeyRevoke = v.InferOutput<typeof AccessKeyRevokeSchema>

/**
 * The answer of create (201) and rotate (200): the new key and its secret, this once. A rotation's
 * answer also carries the rotated-out key (`previous`, with its `expiresAt`, or REVOKED with no grace).
 */
export const IssuedAccessKeySchema = dataOf(
  v.strictObject({
    key: ManagedAccessKeySchema,
    secret: v.pipe(v.string(), v.minLength(16)),
    previous: v.optional(ManagedAccessKeySchema),
  }),
)
export type IssuedAccessKey = v.InferOutput<typeof IssuedAccessKeySchema>['data']

/** The revoke call's answer: the key, REVOKED. */
export const RevokedAccessKeySchema = dataOf(ManagedAccessKeySchema)

export const ACCESS_KEY_ERROR_CODES = {
  /** 422: `confirmName` is not the key's name. */
  nameMismatch: 'key_name_mismatch',
  /** 409: the key is already rotated out or revoked. */
  notActive: 'key_not_active',
  /** 409: ACCESS_KEYS_PER_ENVIRONMENT_MAX reached. */
  tooMany: 'too_many_keys',
  /** 410: the reveal call, for a key made by create or rotate: its secret was answered once. */
  secretGone: 'secret_not_retrievable',
} as const
