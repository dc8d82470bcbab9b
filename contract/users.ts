import * as v from 'valibot'
import { dataOf, isoDate, opaqueId, paged } from './common'
import { USER_STATUSES } from './values'

export { USER_STATUSES }
export const UserStatusSchema = v.picklist(USER_STATUSES)
export type UserStatus = v.InferOutput<typeof UserStatusSchema>

/** Spec sections 6 and 9: read-write when a scope starts with `c:tx`, read-only otherwise. */
export const ACCESS_LEVELS = ['READ', 'READ/WRITE'] as const
export type AccessLevel = (typeof ACCESS_LEVELS)[number]
export const AccessLevelSchema = v.picklist(ACCESS_LEVELS)

export const USER_PAGE_LIMIT = 100
export const USER_NAME_MAX = 80

const email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email(), v.maxLength(254))

export const MerchantUserSchema = v.object({
  /** The same id as the token's `uid` when this user signs in. */
  id: v.string(),
  merchantID: opaqueId,
  /** Null until an invited user gives one. */
  name: v.nullable(v.string()),
  email: v.string(),
  accessLevel: AccessLevelSchema,
  status: UserStatusSchema,
  lastSignInAt: v.nullable(isoDate),
  /** When the latest invitation was sent; null for users who never needed one. */
  invitedAt: v.nullable(isoDate),
  createdAt: isoDate,
})
export type MerchantUser = v.InferOutput<typeof MerchantUserSchema>

export const MerchantUserPageSchema = paged(MerchantUserSchema)
export type MerchantUserPage = v.InferOutput<typeof MerchantUserPageSchema>['data']
export const MerchantUserResponseSchema = dataOf(MerchantUserSchema)

/** POST /api/merchant/{merchantID}/users (w:merchant.users): invites by email; 409 `user_exists`. */
export const InviteUserRequestSchema = v.object({
  email,
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(USER_NAME_MAX))),
  accessLevel: AccessLevelSchema,
})
export type InviteUserRequest = v.InferOutput<typeof InviteUserRequestSchema>

/** PATCH /api/merchant/{merchantID}/users/{userID} (w:merchant.users). */
export const UpdateUserRequestSchema = v.object({ accessLevel: AccessLevelSchema })
export type UpdateUserRequest = v.InferOutput<typeof UpdateUserRequestSchema>

export const USER_ERROR_CODES = {
  exists: 'user_exists',
  notInvited: 'not_invited',
  self: 'cannot_change_self',
  state: 'invalid_user_state',
  /** 403: the invitation or access change would grant scopes the inviter does not hold. */
  exceedsInviter: 'access_exceeds_inviter',
} as const
