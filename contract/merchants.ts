import * as v from 'valibot'
import { dataOf, opaqueId, paged } from './common'

export const MerchantSchema = v.object({
  id: opaqueId,
  name: v.string(),
  tenantID: opaqueId,
  timeZone: v.string(),
  currency: v.literal('USD'),
})
export type Merchant = v.InferOutput<typeof MerchantSchema>

export const MerchantResponseSchema = dataOf(MerchantSchema)
export const MerchantPageSchema = paged(MerchantSchema)

export const BRANDS = ['DEFAULT', 'BANK'] as const
export const BrandSchema = v.picklist(BRANDS)
export type Brand = v.InferOutput<typeof BrandSchema>

export const TenantSchema = v.object({
  id: opaqueId,
  name: v.string(),
  brand: BrandSchema,
})
export type Tenant = v.InferOutput<typeof TenantSchema>

export const TenantResponseSchema = dataOf(TenantSchema)
