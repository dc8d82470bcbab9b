import { createFileRoute } from '@tanstack/react-router'
import { MerchantIdValidationPage } from '../../../../features/settings/merchant-ids/merchant-id-validation-page'
import { guard } from '../../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/_settings/merchant-id-validation')({
  beforeLoad: guard('merchantIdValidation'),
  component: MerchantIdValidationPage,
})
