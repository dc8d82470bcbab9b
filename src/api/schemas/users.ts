import * as v from 'valibot'
import { MerchantUserSchema, USER_STATUSES } from '../../../contract/users'
import { absentAsNull, openPicklist, pageReader } from './common'

export const MerchantUserReader = v.object({
  ...absentAsNull(MerchantUserSchema.entries),
  status: openPicklist(USER_STATUSES),
})
export type MerchantUser = v.InferOutput<typeof MerchantUserReader>

export const MerchantUserPageReader = pageReader(MerchantUserReader)
