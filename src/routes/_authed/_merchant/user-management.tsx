import { msg } from '@lingui/core/macro'
import { IconUsers } from '@tabler/icons-react'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
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
  loaderDeps: ({ search }) => userListParams(search),
  loader: ({ context: { queryClient, services, merchant }, deps }) =>
    startReads(queryClient, userListQueryOptions(services.api, merchant.id, deps)),
  component: UserManagementPage,
})
