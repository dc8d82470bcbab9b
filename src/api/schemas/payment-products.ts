import * as v from 'valibot'
import {
  dataOf,
  isoDate,
  lenientArray,
  type Open,
  opaqueId,
  openPicklist,
  PaginationSchema,
  paged,
  withItems,
} from './common'

export * from '../../../contract/payment-products'

const MerchantValueSchema = v.union([v.string(), v.number(), v.boolean(), v.null()])
const EnrollmentDataSchema = v.record(v.string(), v.unknown())

export const PAYMENT_PRODUCT_TYPES = [
  'INSTALLMENTS',
  'SPLITPAY',
  'DEBT_CONSOLIDATION',
  'HYBRID_LINE_OF_CREDIT',
] as const
export const PaymentProductTypeSchema = openPicklist(PAYMENT_PRODUCT_TYPES)
export type KnownPaymentProductType = (typeof PAYMENT_PRODUCT_TYPES)[number]
export type PaymentProductType = Open<KnownPaymentProductType>

// Spec section 3 names a payment product's type alone; its id, program and name are read when sent.
export const PaymentProductSchema = v.object({
  id: v.optional(opaqueId),
  programID: v.optional(opaqueId),
  type: PaymentProductTypeSchema,
  name: v.optional(v.string()),
})
export type PaymentProduct = v.InferOutput<typeof PaymentProductSchema>
export const PaymentProductPageSchema = paged(PaymentProductSchema)

export const PaymentProductAggregateSchema = v.object({
  type: PaymentProductTypeSchema,
  productCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  activeConfigurationCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
})
export type PaymentProductAggregate = v.InferOutput<typeof PaymentProductAggregateSchema>
export const PaymentProductAggregationSchema = dataOf(
  v.object({ programID: opaqueId, items: lenientArray(PaymentProductAggregateSchema, 'data.items') }),
)

export const CONFIGURATION_STATES = ['ACTIVE', 'INACTIVE'] as const
export const ConfigurationStateSchema = openPicklist(CONFIGURATION_STATES)
export type ConfigurationState = Open<(typeof CONFIGURATION_STATES)[number]>

export const ConfigurationAttributeSchema = v.object({
  name: openPicklist(['TYPE', 'NUMPAYMENTS', 'RATE']),
  value: v.string(),
})

// Spec section 3: a configuration holds a paymentProduct with a type, and its attributes. Its id,
// program, merchant and state are read when sent; the state is otherwise the one the call asked for,
// if it asked for one.
export const PaymentProductConfigurationSchema = v.object({
  id: v.optional(opaqueId),
  programID: v.optional(opaqueId),
  merchantID: v.optional(opaqueId),
  state: v.optional(ConfigurationStateSchema),
  paymentProduct: v.object({ id: v.optional(opaqueId), type: PaymentProductTypeSchema }),
  attributes: v.array(ConfigurationAttributeSchema),
})
export type PaymentProductConfiguration = v.InferOutput<typeof PaymentProductConfigurationSchema>
// Spec section 7 shows this answer as data.items: a page without its pagination is read too.
export const PaymentProductConfigurationPageSchema = v.object({
  data: withItems({ pagination: v.optional(PaginationSchema) }, PaymentProductConfigurationSchema),
})

/** Where in an enrollment's data this portal writes the product type, as spec section 3 names no field for it. */
export const ENROLLMENT_TYPE_KEY = 'paymentProductType'

// Spec section 3: an enrollment is its enrollmentID and its data. The product type is read from the
// answer when it says, else from the data, where this portal writes it when it enrolls; an enrollment
// with neither is unreadable (left out and counted). Its merchant, program and dates are read when sent.
export const EnrollmentSchema = v.pipe(
  v.object({
    enrollmentID: opaqueId,
    merchantID: v.optional(opaqueId),
    programID: v.optional(opaqueId),
    paymentProductType: v.optional(PaymentProductTypeSchema),
    data: EnrollmentDataSchema,
    createdAt: v.optional(isoDate),
    updatedAt: v.optional(isoDate),
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const { paymentProductType, ...enrollment } = dataset.value
    const fromData = v.safeParse(PaymentProductTypeSchema, enrollment.data[ENROLLMENT_TYPE_KEY])
    const type = paymentProductType ?? (fromData.success ? fromData.output : undefined)
    if (type === undefined) {
      addIssue({ message: 'an enrollment names no payment product type, in itself or in its data' })
      return NEVER
    }
    return { ...enrollment, paymentProductType: type }
  }),
)
export type Enrollment = v.InferOutput<typeof EnrollmentSchema>
export const EnrollmentPageSchema = paged(EnrollmentSchema)

export const MerchantValuesSchema = v.object({
  programID: opaqueId,
  merchantID: opaqueId,
  values: v.record(v.string(), MerchantValueSchema),
  updatedAt: isoDate,
})
export type MerchantValues = v.InferOutput<typeof MerchantValuesSchema>
export const MerchantValuesResponseSchema = dataOf(MerchantValuesSchema)
