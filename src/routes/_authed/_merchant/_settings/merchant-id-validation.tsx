import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MerchantIdValidationPage } from '../../../../features/settings/merchant-ids/merchant-id-validation-page'
import { guard } from '../../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/_settings/merchant-id-validation')({
  staticData: { nav: { label: msg`Merchant ID validation`, order: 100 } },
  beforeLoad: guard('merchantIdValidation'),
  component: MerchantIdValidationPage,
})
