import * as v from 'valibot'
import { dataOf } from '../../../contract/common'
import {
  CHANNELS,
  CHECKOUT_MODES,
  PARTICIPATION_STATES,
  ParticipationSchema,
  ProgramSchema,
} from '../../../contract/programs'
import { absentAsNull, currencyCode, openPicklist, pageReader } from './common'

// Channels, checkout modes and participation states are open (spec section 7: "others not listed"): an
// unknown channel is neither ECOMM nor INSTORE, an unknown checkout mode is not VirtualCard and an
// unknown state is not active, so a value the portal does not know never opens a gate.
export const ChannelReader = openPicklist(CHANNELS)

// Spec section 7 lists a program's fields as id, channel, displayInterestRateBPS and checkoutMode: the
// name and currency the sandbox also sends are read when present and never required. A program without
// a name is shown by its id; without a currency it is in the merchant's (no reader of programs needs it).
export const ProgramReader = v.pipe(
  v.object({
    ...ProgramSchema.entries,
    name: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())),
    channel: ChannelReader,
    checkoutMode: openPicklist(CHECKOUT_MODES),
    currency: v.optional(currencyCode),
  }),
  v.transform(({ name, ...program }) => ({ ...program, name: name ?? program.id })),
)
export type Program = v.InferOutput<typeof ProgramReader>

export const ProgramResponseReader = dataOf(ProgramReader)

// Spec section 7: programID, merchantID, state, and deletedAt only when set. A missing deletedAt means
// not deleted; the id, when sent, only helps de-duplicate pages.
export const ParticipationReader = v.object({
  ...absentAsNull(ParticipationSchema.entries),
  id: v.optional(ParticipationSchema.entries.id),
  state: openPicklist(PARTICIPATION_STATES),
})
export type Participation = v.InferOutput<typeof ParticipationReader>

export const ParticipationPageReader = pageReader(ParticipationReader)
