import * as v from 'valibot'
import { type CartInput, LIMITS, POSTAL_CODE_PATTERN, US_STATES } from '../../../contract/carts'
import { type EmailAddressError, requiredEmailAddress } from '../../shared/form/email-address'
import { parseAmount } from '../../shared/money'
import { parsePhone } from '../../shared/phone'
import type { CartDraft } from './cart-form'
import { cartTotals } from './totals'

/*
 * One valibot schema reads the cart form's draft (./cart-form.ts) into the API's CartInput; each
 * issue's message is an error code that the form turns into words, so the schema stays free of UI and
 * easy to test.
 */

export type CartFieldError =
  | EmailAddressError
  | 'phone'
  | 'postalCode'
  | 'region'
  | 'quantity'
  | 'amount'
  | 'positive'
  | 'tooLarge'
  | 'discountTooLarge'
  | 'program'

const requiredText = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty<string, CartFieldError>('required'),
    v.maxLength<string, number, CartFieldError>(max, 'tooLong'),
  )
const optionalText = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength<string, number, CartFieldError>(max, 'tooLong'),
    v.transform((value) => (value === '' ? undefined : value)),
  )

/** A required amount above zero. */
const amount = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty<string, CartFieldError>('required'),
  v.transform(parseAmount),
  v.number('amount' satisfies CartFieldError),
  v.minValue<number, number, CartFieldError>(1, 'positive'),
  v.maxValue<number, number, CartFieldError>(LIMITS.cents, 'tooLarge'),
)
/** An amount that may be left blank (zero). */
const optionalAmount = v.pipe(
  v.string(),
  v.trim(),
  v.transform((text) => (text === '' ? 0 : parseAmount(text))),
  v.number('amount' satisfies CartFieldError),
  v.maxValue<number, number, CartFieldError>(LIMITS.cents, 'tooLarge'),
)
const quantity = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty<string, CartFieldError>('required'),
  v.check<string, CartFieldError>((text) => /^\d+$/.test(text), 'quantity'),
  v.transform(Number),
  v.minValue<number, number, CartFieldError>(1, 'quantity'),
  v.maxValue<number, number, CartFieldError>(LIMITS.quantity, 'quantity'),
)

const addressSchema = v.object({
  line1: requiredText(LIMITS.text),
  line2: optionalText(LIMITS.text),
  city: requiredText(LIMITS.text),
  region: v.pipe(
    v.string(),
    v.nonEmpty<string, CartFieldError>('required'),
    v.picklist<string[], CartFieldError>(US_STATES, 'region'),
  ),
  postalCode: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty<string, CartFieldError>('required'),
    v.regex<string, CartFieldError>(POSTAL_CODE_PATTERN, 'postalCode'),
  ),
})

/** The shipping fields kept (hidden) while the billing address is used: not checked, not sent. */
const uncheckedAddress = v.object({
  line1: v.string(),
  line2: v.string(),
  city: v.string(),
  region: v.string(),
  postalCode: v.string(),
})

const customerSchema = v.object({
  name: requiredText(LIMITS.text),
  email: requiredEmailAddress,
  phone: v.pipe(
    v.string(),
    v.trim(),
    v.check<string, CartFieldError>((text) => text === '' || parsePhone(text) !== null, 'phone'),
    v.transform((text) => parsePhone(text) ?? undefined),
  ),
})

const itemSchema = v.object({
  key: v.string(),
  name: requiredText(LIMITS.text),
  sku: optionalText(LIMITS.sku),
  quantity,
  unitPrice: amount,
})

const discountSchema = v.object({ key: v.string(), description: requiredText(LIMITS.text), amount })

/**
 * The cart form's one schema, for the merchant's ecommerce programs: it reads the draft into the request
 * body, and each issue's message is a `CartFieldError` at the field's path (`customer.email`,
 * `items.0.unitPrice`, `shipping.city`, `discounts` for the discounts together).
 */
export function cartDraftSchema(
  merchantId: string,
  programIds: readonly string[],
): v.GenericSchema<CartDraft, CartInput> {
  const entries = {
    customer: customerSchema,
    billing: addressSchema,
    items: v.array(itemSchema),
    discounts: v.array(discountSchema),
    shippingCost: optionalAmount,
    tax: optionalAmount,
    programID: v.pipe(
      v.string(),
      v.nonEmpty<string, CartFieldError>('program'),
      v.check<string, CartFieldError>((id) => programIds.includes(id), 'program'),
    ),
  }
  return v.pipe(
    // The shipping address needs filling in only when it is not the billing address.
    v.variant('shippingSameAsBilling', [
      v.object({ ...entries, shippingSameAsBilling: v.literal(true), shipping: uncheckedAddress }),
      v.object({ ...entries, shippingSameAsBilling: v.literal(false), shipping: addressSchema }),
    ]),
    // Checked while other fields are still wrong, as long as the items and discounts are amounts.
    v.forward(
      v.partialCheck(
        [['items'], ['discounts']],
        (draft) => {
          const totals = cartTotals({ items: draft.items, discounts: draft.discounts, shipping: 0, tax: 0 })
          return totals.discount <= totals.subtotal
        },
        'discountTooLarge' satisfies CartFieldError,
      ),
      ['discounts'],
    ),
    v.transform(
      (draft): CartInput => ({
        merchantID: merchantId,
        programID: draft.programID,
        customer: draft.customer,
        billingAddress: draft.billing,
        shippingAddress: draft.shippingSameAsBilling ? draft.billing : draft.shipping,
        items: draft.items.map(({ key: _key, ...item }) => item),
        discounts: draft.discounts.map(({ key: _key, ...discount }) => discount),
        shipping: draft.shippingCost,
        tax: draft.tax,
      }),
    ),
  )
}
