import * as v from 'valibot'
import { currencyCode, dataOf, opaqueId, openPicklist, paged } from './common'

export * from '../../../contract/merchants'

export const MerchantSchema = v.object({
  id: opaqueId,
  name: v.string(),
  tenantID: opaqueId,
  timeZone: v.string(),
  currency: currencyCode,
})
export type Merchant = v.InferOutput<typeof MerchantSchema>

export const MerchantResponseSchema = dataOf(MerchantSchema)
export const MerchantPageSchema = paged(MerchantSchema)

export const BRANDS = ['DEFAULT', 'BANK'] as const
/** Open: a brand the portal does not know is shown with the default theme. */
export const BrandSchema = openPicklist(BRANDS)
export type Brand = (typeof BRANDS)[number]

export const TenantSchema = v.object({
  id: opaqueId,
  name: v.string(),
  brand: BrandSchema,
})

export type Tenant = v.InferOutput<typeof TenantSchema>

export const TenantResponseSchema = dataOf(TenantSchema)
