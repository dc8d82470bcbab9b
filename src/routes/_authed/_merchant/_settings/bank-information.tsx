import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { bankInformationQueryOptions } from '../../../../features/settings/bank/bank-information-api'
import { BankInformationPage } from '../../../../features/settings/bank/bank-information-page'
import { guard } from '../../../../guards/guard'
import { startReads } from '../../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/_settings/bank-information')({
  staticData: { nav: { label: msg`Bank information`, order: 20 } },
  beforeLoad: guard('bankInformation'),
  loader: ({ context: { queryClient, services, merchant } }) =>
    startReads(queryClient, bankInformationQueryOptions(services.api, merchant.id)),
  component: BankInformationPage,
})
