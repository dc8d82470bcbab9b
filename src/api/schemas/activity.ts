import * as v from 'valibot'
import {
  ACTIVITY_KINDS,
  ACTIVITY_TARGET_TYPES,
  ActivityChangeSchema,
  ActivityEntrySchema,
} from '../../../contract/activity'
import { lenientArray, openPicklist, pageReader } from './common'

/**
 * An activity entry, read liberally: a kind or target type the portal does not know is kept (and shown
 * raw), unknown fields are dropped, and a change the portal cannot read is left out of the entry.
 */
export const ActivityEntryReader = v.object({
  ...ActivityEntrySchema.entries,
  actor: v.object({ ...ActivityEntrySchema.entries.actor.entries, name: v.optional(v.string()) }),
  kind: openPicklist(ACTIVITY_KINDS),
  target: v.object({
    ...ActivityEntrySchema.entries.target.entries,
    type: openPicklist(ACTIVITY_TARGET_TYPES),
  }),
  changes: v.optional(lenientArray(v.object(ActivityChangeSchema.entries), 'data.items.changes'), []),
})
export type ActivityEntry = v.InferOutput<typeof ActivityEntryReader>

export const ActivityPageReader = pageReader(ActivityEntryReader)
export type ActivityChange = ActivityEntry['changes'][number]
