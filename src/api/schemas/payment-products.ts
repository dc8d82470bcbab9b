import * as v from 'valibot'
import { dataOf, PaginationSchema } from '../../../contract/common'
import {
  CONFIGURATION_ATTRIBUTE_NAMES,
  CONFIGURATION_STATES,
  ConfigurationAttributeSchema,
  EnrollmentSchema,
  MerchantValuesResponseSchema,
  PAYMENT_PRODUCT_TYPES,
  PaymentProductAggregateSchema,
  PaymentProductAggregationSchema,
  PaymentProductConfigurationSchema,
  PaymentProductSchema,
} from '../../../contract/payment-products'
import { lenientArray, openPicklist, pageReader, withItems } from './common'

// Product types, configuration states and attribute names are open: a new product type is listed by
// its raw name and has no terms the portal can describe.
const PaymentProductTypeReader = openPicklist(PAYMENT_PRODUCT_TYPES)

// Spec section 3 names a payment product's type alone; its id, program and name are read when sent.
const product = PaymentProductSchema.entries
const PaymentProductReader = v.object({
  id: v.optional(product.id),
  programID: v.optional(product.programID),
  type: PaymentProductTypeReader,
  name: v.optional(product.name),
})
export type PaymentProduct = v.InferOutput<typeof PaymentProductReader>
export const PaymentProductPageReader = pageReader(PaymentProductReader)

const PaymentProductAggregateReader = v.object({
  ...PaymentProductAggregateSchema.entries,
  type: PaymentProductTypeReader,
})
export type PaymentProductAggregate = v.InferOutput<typeof PaymentProductAggregateReader>
export const PaymentProductAggregationReader = dataOf(
  v.object({
    ...PaymentProductAggregationSchema.entries.data.entries,
    items: lenientArray(PaymentProductAggregateReader, 'data.items'),
  }),
)

// Spec section 3: a configuration holds a paymentProduct with a type, and its attributes. Its id,
// program, merchant and state are read when sent; the state is otherwise the one the call asked for,
// if it asked for one.
const configuration = PaymentProductConfigurationSchema.entries
const PaymentProductConfigurationReader = v.object({
  id: v.optional(configuration.id),
  programID: v.optional(configuration.programID),
  merchantID: v.optional(configuration.merchantID),
  state: v.optional(openPicklist(CONFIGURATION_STATES)),
  paymentProduct: v.object({
    id: v.optional(configuration.paymentProduct.entries.id),
    type: PaymentProductTypeReader,
  }),
  attributes: v.array(
    v.object({ ...ConfigurationAttributeSchema.entries, name: openPicklist(CONFIGURATION_ATTRIBUTE_NAMES) }),
  ),
})
export type PaymentProductConfiguration = v.InferOutput<typeof PaymentProductConfigurationReader>
// Spec section 7 shows this answer as data.items: a page without its pagination is read too.
export const PaymentProductConfigurationPageReader = v.object({
  data: withItems({ pagination: v.optional(PaginationSchema) }, PaymentProductConfigurationReader),
})

/** Where in an enrollment's data this portal writes the product type, as spec section 3 names no field for it. */
export const ENROLLMENT_TYPE_KEY = 'paymentProductType'

// Spec section 3: an enrollment is its enrollmentID and its data. The product type is read from the
// answer when it says, else from the data, where this portal writes it when it enrolls; an enrollment
// with neither is unreadable (left out and counted). Its merchant, program and dates are read when sent.
const enrollment = EnrollmentSchema.entries
const EnrollmentReader = v.pipe(
  v.object({
    enrollmentID: enrollment.enrollmentID,
    merchantID: v.optional(enrollment.merchantID),
    programID: v.optional(enrollment.programID),
    paymentProductType: v.optional(PaymentProductTypeReader),
    data: enrollment.data,
    createdAt: v.optional(enrollment.createdAt),
    updatedAt: v.optional(enrollment.updatedAt),
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const { paymentProductType, ...read } = dataset.value
    const fromData = v.safeParse(PaymentProductTypeReader, read.data[ENROLLMENT_TYPE_KEY])
    const type = paymentProductType ?? (fromData.success ? fromData.output : undefined)
    if (type === undefined) {
      addIssue({ message: 'an enrollment names no payment product type, in itself or in its data' })
      return NEVER
    }
    return { ...read, paymentProductType: type }
  }),
)
export type Enrollment = v.InferOutput<typeof EnrollmentReader>
export const EnrollmentPageReader = pageReader(EnrollmentReader)

// Merchant values are read as the contract gives them.
export const MerchantValuesResponseReader = MerchantValuesResponseSchema
export type MerchantValues = v.InferOutput<typeof MerchantValuesResponseReader>['data']
