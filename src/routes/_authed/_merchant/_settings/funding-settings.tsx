import { createFileRoute } from '@tanstack/react-router'
import { fundingSettingsQueryOptions } from '../../../../features/settings/funding/funding-api'
import { FundingSettingsPage } from '../../../../features/settings/funding/funding-settings-page'
import { guard } from '../../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/_settings/funding-settings')({
  beforeLoad: guard('fundingSettings'),
  loader: ({ context: { queryClient, services, merchant } }) =>
    queryClient.ensureQueryData(fundingSettingsQueryOptions(services.api, merchant.id)),
  component: FundingSettingsPage,
})
