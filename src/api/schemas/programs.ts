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

// Spec section 7 lists a program's fields as id, channel, displayInterestRateBPS and checkoutMode: the
// name and currency the sandbox also sends are read when present and never required. A program without
// a name is shown by its id; without a currency it is in the merchant's (no reader of programs needs it).
export const ProgramSchema = v.pipe(
  v.object({
    id: opaqueId,
    name: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())),
    channel: ChannelSchema,
    displayInterestRateBPS: v.pipe(v.number(), v.integer(), v.minValue(0)),
    checkoutMode: CheckoutModeSchema,
    currency: v.optional(currencyCode),
  }),
  v.transform(({ name, ...program }) => ({ ...program, name: name ?? program.id })),
)
export type Program = v.InferOutput<typeof ProgramSchema>

export const ProgramResponseSchema = dataOf(ProgramSchema)

// Spec section 7: programID, merchantID, state, and deletedAt only when set. A missing deletedAt means
// not deleted; the id, when sent, only helps de-duplicate pages.
export const ParticipationSchema = v.object({
  id: v.optional(opaqueId),
  programID: opaqueId,
  merchantID: opaqueId,
  state: ParticipationStateSchema,
  deletedAt: v.optional(v.nullable(isoDate), null),
})
export type Participation = v.InferOutput<typeof ParticipationSchema>

export const ParticipationPageSchema = paged(ParticipationSchema)
