import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { userListQueryOptions } from '../../../features/users/api/user-queries'
import { UserManagementPage } from '../../../features/users/components/user-management-page'
import { USER_SEARCH_DEFAULTS, userListParams, userSearchSchema } from '../../../features/users/search'
import { guard } from '../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/user-management')({
  validateSearch: userSearchSchema,
  search: { middlewares: [stripSearchParams(USER_SEARCH_DEFAULTS)] },
  beforeLoad: guard('userManagement'),
  loaderDeps: ({ search }) => userListParams(search),
  loader: async ({ context: { queryClient, services, merchant }, deps, cause }) => {
    if (cause === 'stay') return
    // A failure is the page's to show (with Try again), not the route's.
    await queryClient
      .ensureQueryData(userListQueryOptions(services.api, merchant.id, deps))
      .catch(() => undefined)
  },
  component: UserManagementPage,
})
