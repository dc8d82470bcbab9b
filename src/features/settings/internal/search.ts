import * as v from 'valibot'
import { opaqueIdText } from '../../../shared/opaque-id'

// Kept apart from the page's API module: search validation runs before any page code loads, so
// whatever it imports ships with the app's first download.
/** The internal settings page's URL: which program's values are open (the first active one if none). */
export const internalSettingsSearchSchema = v.object({
  program: v.fallback(v.optional(opaqueIdText), undefined),
})
