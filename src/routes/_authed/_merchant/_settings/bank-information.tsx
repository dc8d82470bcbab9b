import { createFileRoute } from '@tanstack/react-router'
import { bankInformationQueryOptions } from '../../../../features/settings/bank/bank-information-api'
import { BankInformationPage } from '../../../../features/settings/bank/bank-information-page'
import { guard } from '../../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/_settings/bank-information')({
  beforeLoad: guard('bankInformation'),
  loader: ({ context: { queryClient, services, merchant } }) =>
    queryClient.ensureQueryData(bankInformationQueryOptions(services.api, merchant.id)),
  component: BankInformationPage,
})
