import * as v from 'valibot'
import { currencyCode, dataOf, isoDate, type Open, opaqueId, openPicklist, paged } from './common'

export * from '../../../contract/programs'

// Channels, checkout modes and participation states are open (spec section 7: "others not listed"): an
// unknown channel is neither ECOMM nor INSTORE, an unknown checkout mode is not VirtualCard and an
// unknown state is not active, so a value the portal does not know never opens a gate.
export const CHANNELS = ['ECOMM', 'INSTORE'] as const
export type KnownChannel = (typeof CHANNELS)[number]
export const ChannelSchema = openPicklist(CHANNELS)
export type Channel = Open<KnownChannel>

export const CHECKOUT_MODES = ['VirtualCard', 'Redirect', 'Modal'] as const
export const CheckoutModeSchema = openPicklist(CHECKOUT_MODES)

export const PARTICIPATION_STATES = ['LAPSED', 'ACTIVE', 'SCHEDULED'] as const
export const ParticipationStateSchema = openPicklist(PARTICIPATION_STATES)

export const ProgramSchema = v.object({
  id: opaqueId,
  name: v.string(),
  channel: ChannelSchema,
  displayInterestRateBPS: v.pipe(v.number(), v.integer(), v.minValue(0)),
  checkoutMode: CheckoutModeSchema,
  currency: currencyCode,
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
