import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AccountSettingsPage } from '../../../../features/settings/account/account-settings-page'
import { businessProfileQueryOptions } from '../../../../features/settings/account/business-profile-api'
import { guard } from '../../../../guards/guard'
import { startReads } from '../../../../ui/start-reads'

/**
 * The business profile: the settings page the menu calls Account settings, at both of its addresses,
 * /account-settings and the older /general-settings (the two routes below, which add nothing).
 */
export const Route = createFileRoute('/_authed/_merchant/_settings/_business-profile')({
  staticData: { nav: { label: msg`Account settings`, order: 10 } },
  beforeLoad: guard('accountSettings'),
  loader: ({ context: { queryClient, services, merchant } }) =>
    startReads(queryClient, businessProfileQueryOptions(services.api, merchant.id)),
  component: AccountSettingsPage,
})
