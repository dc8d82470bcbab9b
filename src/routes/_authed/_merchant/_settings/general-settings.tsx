import { createFileRoute } from '@tanstack/react-router'
import { AccountSettingsPage } from '../../../../features/settings/account/account-settings-page'
import { businessProfileQueryOptions } from '../../../../features/settings/account/business-profile-api'
import { guard } from '../../../../guards/guard'

/** Account settings and general settings are the same page under two paths. */
export const Route = createFileRoute('/_authed/_merchant/_settings/general-settings')({
  beforeLoad: guard('accountSettings'),
  loader: ({ context: { queryClient, services, merchant } }) =>
    queryClient.ensureQueryData(businessProfileQueryOptions(services.api, merchant.id)),
  component: AccountSettingsPage,
})
