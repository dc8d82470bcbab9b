import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { PageType, Placement } from '../../../../contract/settings'
import type { Program } from '../../../api/schemas/programs'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { monthlyPayment } from './financing-math'

// The words of the placement design page: each page type's names, and the message a placement shows.

/** Each page type's name, its switch's label, and the sample product its preview shows. */
export function usePageTypeText(): Record<PageType, { name: string; show: string; sample: string }> {
  const { t } = useLingui()
  return {
    PRODUCT: { name: t`Product pages`, show: t`Show on product pages`, sample: t`Trail tent, 2-person` },
    CART: { name: t`Cart`, show: t`Show in the cart`, sample: t`Cart total` },
    CHECKOUT: { name: t`Checkout`, show: t`Show at checkout`, sample: t`Order total` },
  }
}

/** The message a placement shows for a price, in words with the monthly amount from the program's rate. */
export function useMessageText() {
  const { t } = useLingui()
  return (placement: Placement, program: Program | undefined, priceMinor: number, format: MerchantFormat) => {
    const apr = program ? program.displayInterestRateBPS / 100 : 0
    const months = placement.termMonths
    const amount = format.money(monthlyPayment(priceMinor, apr, months))
    return apr > 0
      ? t`Pay over time: as low as ${amount} a month for ${plural(months, { one: '# month', other: '# months' })} at ${format.percent(apr)} APR.`
      : t`Pay over time: ${plural(months, { one: '# interest-free monthly payment', other: '# interest-free monthly payments' })} of ${amount}.`
  }
}
