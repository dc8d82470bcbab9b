import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { verificationCodesSearchSchema } from '../../../../features/settings/codes/search'
import { verificationCodesQueryOptions } from '../../../../features/settings/codes/verification-codes-api'
import { VerificationCodesPage } from '../../../../features/settings/codes/verification-codes-page'
import { guard } from '../../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/_settings/location-verification-codes')({
  validateSearch: verificationCodesSearchSchema,
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  beforeLoad: guard('locationVerificationCodes'),
  loader: ({ context: { queryClient, services, merchant } }) =>
    queryClient.ensureQueryData(verificationCodesQueryOptions(services.api, merchant.id)),
  component: VerificationCodesPage,
})
