import * as v from 'valibot'
import { dataOf, isoDate, opaqueId, paged } from './common'

// Spec section 7 leaves these lists open ("others not listed"): a reader keeps a value it does not know.
export const CHANNELS = ['ECOMM', 'INSTORE'] as const
export const ChannelSchema = v.picklist(CHANNELS)
export type Channel = v.InferOutput<typeof ChannelSchema>

export const CHECKOUT_MODES = ['VirtualCard', 'Redirect', 'Modal'] as const
export const CheckoutModeSchema = v.picklist(CHECKOUT_MODES)
export type CheckoutMode = v.InferOutput<typeof CheckoutModeSchema>

export const PARTICIPATION_STATES = ['LAPSED', 'ACTIVE', 'SCHEDULED'] as const
export const ParticipationStateSchema = v.picklist(PARTICIPATION_STATES)
export type ParticipationState = v.InferOutput<typeof ParticipationStateSchema>

export const ProgramSchema = v.object({
  id: opaqueId,
  name: v.string(),
  channel: ChannelSchema,
  displayInterestRateBPS: v.pipe(v.number(), v.integer(), v.minValue(0)),
  checkoutMode: CheckoutModeSchema,
  currency: v.literal('USD'),
})
export type Program = v.InferOutput<typeof ProgramSchema>

export const ProgramResponseSchema = dataOf(ProgramSchema)

export const ParticipationSchema = v.object({
  id: opaqueId,
  programID: opaqueId,
  merchantID: opaqueId,
  state: ParticipationStateSchema,
  deletedAt: v.nullable(isoDate),
})
export type Participation = v.InferOutput<typeof ParticipationSchema>

export const ParticipationPageSchema = paged(ParticipationSchema)
export type ParticipationPage = v.InferOutput<typeof ParticipationPageSchema>

/** The platform refuses larger pages; the portal pages through participations with this size. */
export const PARTICIPATION_PAGE_LIMIT = 200
