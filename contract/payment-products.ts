import * as v from 'valibot'
import { dataOf, isoDate, opaqueId, paged } from './common'
import { CONFIGURATION_STATES } from './values'

export const PAYMENT_PRODUCT_TYPES = [
  'INSTALLMENTS',
  'SPLITPAY',
  'DEBT_CONSOLIDATION',
  'HYBRID_LINE_OF_CREDIT',
] as const
export const PaymentProductTypeSchema = v.picklist(PAYMENT_PRODUCT_TYPES)
export type PaymentProductType = v.InferOutput<typeof PaymentProductTypeSchema>

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
  v.object({ programID: opaqueId, items: v.array(PaymentProductAggregateSchema) }),
)

export { CONFIGURATION_STATES }
export const ConfigurationStateSchema = v.picklist(CONFIGURATION_STATES)
export type ConfigurationState = v.InferOutput<typeof ConfigurationStateSchema>

/** The attributes that give a configuration's terms. */
export const CONFIGURATION_ATTRIBUTE_NAMES = ['TYPE', 'NUMPAYMENTS', 'RATE'] as const

export const ConfigurationAttributeSchema = v.object({
  name: v.picklist(CONFIGURATION_ATTRIBUTE_NAMES),
  value: v.string(),
})
export type ConfigurationAttribute = v.InferOutput<typeof ConfigurationAttributeSchema>

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

const EnrollmentDataSchema = v.record(v.string(), v.unknown())

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
export const EnrollmentResponseSchema = dataOf(EnrollmentSchema)
export const EnrollmentPageSchema = paged(EnrollmentSchema)

export const EnrollmentCreateSchema = v.object({
  merchantID: opaqueId,
  programID: opaqueId,
  paymentProductType: PaymentProductTypeSchema,
  data: EnrollmentDataSchema,
})
export type EnrollmentCreate = v.InferOutput<typeof EnrollmentCreateSchema>

export const EnrollmentPatchSchema = v.object({ data: EnrollmentDataSchema })
export type EnrollmentPatch = v.InferOutput<typeof EnrollmentPatchSchema>

const MerchantValueSchema = v.union([v.string(), v.number(), v.boolean(), v.null()])

export const MerchantValuesSchema = v.object({
  programID: opaqueId,
  merchantID: opaqueId,
  values: v.record(v.string(), MerchantValueSchema),
  updatedAt: isoDate,
})
export type MerchantValues = v.InferOutput<typeof MerchantValuesSchema>
export const MerchantValuesResponseSchema = dataOf(MerchantValuesSchema)

/** Keys present replace the stored values; keys absent are kept. */
export const MerchantValuesPatchSchema = v.object({ values: v.record(v.string(), MerchantValueSchema) })
export type MerchantValuesPatch = v.InferOutput<typeof MerchantValuesPatchSchema>
