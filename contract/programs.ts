import * as v from 'valibot'
import { dataOf, isoDate, opaqueId, paged } from './common'

export const ChannelSchema = v.picklist(['ECOMM', 'INSTORE'])
export type Channel = v.InferOutput<typeof ChannelSchema>

export const CheckoutModeSchema = v.picklist(['VirtualCard', 'Redirect', 'Modal'])
export type CheckoutMode = v.InferOutput<typeof CheckoutModeSchema>

export const ParticipationStateSchema = v.picklist(['LAPSED', 'ACTIVE', 'SCHEDULED'])
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
