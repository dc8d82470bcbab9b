import * as v from 'valibot'
import { USER_STATUSES, type UserStatus } from '../../api/schemas/users'
import { pageParam, searchTextParam } from '../../shared/search-params'

export const USER_PAGE_SIZE = 25
export const USER_SEARCH_DEFAULTS = { page: 1 } as const

/** The user management page's URL; each field falls back on its own. */
export const userSearchSchema = v.object({
  search: v.fallback(v.optional(searchTextParam), undefined),
  status: v.fallback(v.optional(v.picklist(USER_STATUSES)), undefined),
  page: v.fallback(v.optional(pageParam, USER_SEARCH_DEFAULTS.page), USER_SEARCH_DEFAULTS.page),
})
export type UserSearch = v.InferOutput<typeof userSearchSchema>
export type UserSearchInput = v.InferInput<typeof userSearchSchema>

export interface UserListParams {
  page: number
  pageSize: number
  search: string | null
  status: UserStatus | null
}

export function userListParams(search: UserSearch): UserListParams {
  return {
    page: search.page,
    pageSize: USER_PAGE_SIZE,
    search: search.search ?? null,
    status: search.status ?? null,
  }
}
