import * as v from 'valibot'
import { AccessLevelSchema, USER_STATUSES } from '../../../contract/users'
import { isoDate, nullOrAbsent, opaqueId, openPicklist, paged } from './common'

export * from '../../../contract/users'

export const UserStatusSchema = openPicklist(USER_STATUSES)
export type UserStatus = (typeof USER_STATUSES)[number]

export const MerchantUserSchema = v.object({
  /** The same id as the token's `uid` when this user signs in. */
  id: v.string(),
  merchantID: opaqueId,
  /** Null until an invited user gives one. */
  name: nullOrAbsent(v.string()),
  email: v.string(),
  accessLevel: AccessLevelSchema,
  status: UserStatusSchema,
  lastSignInAt: nullOrAbsent(isoDate),
  /** When the latest invitation was sent; null for users who never needed one. */
  invitedAt: nullOrAbsent(isoDate),
  createdAt: isoDate,
})
export type MerchantUser = v.InferOutput<typeof MerchantUserSchema>

export const MerchantUserPageSchema = paged(MerchantUserSchema)
