import * as v from 'valibot'
import {
  SETTLEMENT_ENTRY_TYPES,
  SETTLEMENT_STATUSES,
  SettlementEntryPageSchema,
  SettlementEntrySchema,
  SettlementReportSchema,
  SettlementSchema,
} from '../../../contract/settlements'
import { currencyCode, openPicklist, withItems } from './common'
import { ChannelReader } from './programs'

/** Currency comes from the data; statuses, entry types and channels are open. */
const SettlementReader = v.object({
  ...SettlementSchema.entries,
  status: openPicklist(SETTLEMENT_STATUSES),
  currency: currencyCode,
})
export type Settlement = v.InferOutput<typeof SettlementReader>

export const SettlementReportReader = v.object({
  /** Newest first; days without money moving have no settlement. */
  data: withItems(SettlementReportSchema.entries.data.entries, SettlementReader),
})
export type SettlementReport = v.InferOutput<typeof SettlementReportReader>['data']

const SettlementEntryReader = v.object({
  ...SettlementEntrySchema.entries,
  channel: ChannelReader,
  type: openPicklist(SETTLEMENT_ENTRY_TYPES),
})
export type SettlementEntry = v.InferOutput<typeof SettlementEntryReader>

export const SettlementEntryPageReader = v.object({
  /** Items oldest first, as the money moved. */
  data: withItems(
    { ...SettlementEntryPageSchema.entries.data.entries, settlement: SettlementReader },
    SettlementEntryReader,
  ),
})
export type SettlementEntryPage = v.InferOutput<typeof SettlementEntryPageReader>['data']
