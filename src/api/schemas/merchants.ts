import * as v from 'valibot'
import { dataOf } from '../../../contract/common'
import { BRANDS, MerchantSchema, TenantSchema } from '../../../contract/merchants'
import { currencyCode, openPicklist, pageReader } from './common'

/** Currency comes from the data; a brand the portal does not know is shown with the default theme. */
export const MerchantReader = v.object({ ...MerchantSchema.entries, currency: currencyCode })
export type Merchant = v.InferOutput<typeof MerchantReader>

export const MerchantResponseReader = dataOf(MerchantReader)
export const MerchantPageReader = pageReader(MerchantReader)

export const TenantReader = v.object({ ...TenantSchema.entries, brand: openPicklist(BRANDS) })
export type Tenant = v.InferOutput<typeof TenantReader>

export const TenantResponseReader = dataOf(TenantReader)
