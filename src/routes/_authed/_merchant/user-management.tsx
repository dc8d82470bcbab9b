import { msg } from '@lingui/core/macro'
import { IconUsers } from '@tabler/icons-react'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { activityListQueryOptions } from '../../../features/users/activity/activity-queries'
import { activityListParams } from '../../../features/users/activity/activity-search'
import { userListQueryOptions } from '../../../features/users/api/user-queries'
import { UserManagementPage } from '../../../features/users/components/user-management-page'
import { USER_SEARCH_DEFAULTS, userListParams, userSearchSchema } from '../../../features/users/search'
import { guard } from '../../../guards/guard'
import { startReads } from '../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/user-management')({
  staticData: { nav: { label: msg`User management`, order: 70, icon: IconUsers } },
  validateSearch: userSearchSchema,
  search: { middlewares: [stripSearchParams(USER_SEARCH_DEFAULTS)] },
  beforeLoad: guard('userManagement'),
  // The users' list, or the activity log (`view=activity`): the page shows one of them at a time.
  loaderDeps: ({ search }) => ({
    users: search.view === 'activity' ? null : userListParams(search),
    activity: search.view === 'activity' ? activityListParams(search) : null,
  }),
  loader: ({ context: { queryClient, services, merchant }, deps }) => {
    if (deps.users) startReads(queryClient, userListQueryOptions(services.api, merchant.id, deps.users))
    if (deps.activity)
      startReads(queryClient, activityListQueryOptions(services.api, merchant, deps.activity))
  },
  component: UserManagementPage,
})
