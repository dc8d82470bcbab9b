import * as v from 'valibot'
import { dataOf } from '../../../contract/common'
import {
  cardSecretEntries,
  lastFourEndsNumber,
  VIRTUAL_CARD_STATUSES,
  VirtualCardSchema,
} from '../../../contract/virtual-cards'
import { absentAsNull, currencyCode, openPicklist, pageReader } from './common'

/** Currency comes from the data; a status the portal does not know is kept as text. */
const VirtualCardReader = v.object({
  ...absentAsNull(VirtualCardSchema.entries),
  currency: currencyCode,
  status: openPicklist(VIRTUAL_CARD_STATUSES),
})
export type VirtualCard = v.InferOutput<typeof VirtualCardReader>

export const VirtualCardPageReader = pageReader(VirtualCardReader)
export type VirtualCardPage = v.InferOutput<typeof VirtualCardPageReader>['data']

/** The answer to an issuance, and only to it: the full number and the CVV are never sent again. */
export const IssuedVirtualCardResponseReader = dataOf(
  v.pipe(v.object({ ...VirtualCardReader.entries, ...cardSecretEntries }), lastFourEndsNumber()),
)
export type IssuedVirtualCard = v.InferOutput<typeof IssuedVirtualCardResponseReader>['data']
