import * as v from 'valibot'
import { dataOf, isoDate, lenientArray, type Open, opaqueId, openPicklist, paged } from './common'

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

export const PaymentProductSchema = v.object({
  id: opaqueId,
  programID: opaqueId,
  type: PaymentProductTypeSchema,
  name: v.string(),
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

export const PaymentProductConfigurationSchema = v.object({
  id: opaqueId,
  programID: opaqueId,
  merchantID: opaqueId,
  state: ConfigurationStateSchema,
  paymentProduct: v.object({ id: opaqueId, type: PaymentProductTypeSchema }),
  attributes: v.array(ConfigurationAttributeSchema),
})
export type PaymentProductConfiguration = v.InferOutput<typeof PaymentProductConfigurationSchema>
export const PaymentProductConfigurationPageSchema = paged(PaymentProductConfigurationSchema)

export const EnrollmentSchema = v.object({
  enrollmentID: opaqueId,
  merchantID: opaqueId,
  programID: opaqueId,
  paymentProductType: PaymentProductTypeSchema,
  data: EnrollmentDataSchema,
  createdAt: isoDate,
  updatedAt: isoDate,
})
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
