import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../../guards/guard'
import { lazyRoutePage } from '../../../../shared/load-chunk'

export const Route = createFileRoute('/_authed/_merchant/_settings/merchant-id-validation')({
  staticData: { nav: { label: msg`Merchant ID validation`, order: 100 } },
  beforeLoad: guard('merchantIdValidation'),
  // No loader: its component is fetched as lazyRoutePage says, not split by the router.
  codeSplitGroupings: [],
  component: lazyRoutePage(
    () => import('../../../../features/settings/merchant-ids/merchant-id-validation-page'),
    'MerchantIdValidationPage',
  ),
})
