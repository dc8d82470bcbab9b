import * as v from 'valibot'
import type { UserStatus } from '../../../contract/users'
import { USER_STATUSES } from '../../../contract/values'
import { LIST_SEARCH_DEFAULTS, type ListParams, listParams, listSearchSchema } from '../../shared/list-search'
import { activitySearchEntries } from './activity/activity-search'

export const USER_PAGE_SIZE = 25
export const USER_SEARCH_DEFAULTS = LIST_SEARCH_DEFAULTS

/**
 * The user management page's URL: the users' list, or with `view=activity` the activity log and its
 * filters; each field falls back on its own.
 */
export const userSearchSchema = v.object({
  ...listSearchSchema(USER_STATUSES).entries,
  ...activitySearchEntries,
})
export type UserSearch = v.InferOutput<typeof userSearchSchema>
export type UserSearchInput = v.InferInput<typeof userSearchSchema>

export type UserListParams = ListParams<UserStatus>

export function userListParams(search: UserSearch): UserListParams {
  return listParams(search, USER_PAGE_SIZE)
}
