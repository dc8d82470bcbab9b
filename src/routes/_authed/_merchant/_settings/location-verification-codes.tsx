import { msg } from '@lingui/core/macro'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { verificationCodesSearchSchema } from '../../../../features/settings/codes/search'
import { verificationCodesQueryOptions } from '../../../../features/settings/codes/verification-codes-api'
import { VerificationCodesPage } from '../../../../features/settings/codes/verification-codes-page'
import { guard } from '../../../../guards/guard'
import { startReads } from '../../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/_settings/location-verification-codes')({
  staticData: { nav: { label: msg`Location verification codes`, order: 90 } },
  validateSearch: verificationCodesSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  beforeLoad: guard('locationVerificationCodes'),
  loader: ({ context: { queryClient, services, merchant } }) =>
    startReads(queryClient, verificationCodesQueryOptions(services.api, merchant.id)),
  component: VerificationCodesPage,
})
