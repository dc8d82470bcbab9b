import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { fundingSettingsQueryOptions } from '../../../../features/settings/funding/funding-api'
import { FundingSettingsPage } from '../../../../features/settings/funding/funding-settings-page'
import { guard } from '../../../../guards/guard'
import { startReads } from '../../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/_settings/funding-settings')({
  staticData: { nav: { label: msg`Funding settings`, order: 30 } },
  beforeLoad: guard('fundingSettings'),
  loader: ({ context: { queryClient, services, merchant } }) =>
    startReads(queryClient, fundingSettingsQueryOptions(services.api, merchant.id)),
  component: FundingSettingsPage,
})
