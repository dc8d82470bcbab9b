import * as v from 'valibot'
import { USER_STATUSES, type UserStatus } from '../../api/schemas/users'

export const USER_PAGE_SIZE = 25
export const USER_SEARCH_DEFAULTS = { page: 1 } as const

const text = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform((value) => String(value).trim()),
  v.maxLength(200),
  v.transform((value) => (value === '' ? undefined : value)),
)
const page = v.pipe(
  v.union([v.number(), v.string()]),
  v.transform(Number),
  v.number(),
  v.integer(),
  v.minValue(1),
  v.maxValue(100_000),
)

/** The user management page's URL; each field falls back on its own. */
export const userSearchSchema = v.object({
  search: v.fallback(v.optional(text), undefined),
  status: v.fallback(v.optional(v.picklist(USER_STATUSES)), undefined),
  page: v.fallback(v.optional(page, USER_SEARCH_DEFAULTS.page), USER_SEARCH_DEFAULTS.page),
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
