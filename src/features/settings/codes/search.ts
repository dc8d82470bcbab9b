import * as v from 'valibot'

// Kept apart from the page's API module: search validation runs before any page code loads, so
// whatever it imports ships with the app's first download.
/** The page's URL: the search and the page of results, so a shared link shows the same codes. */
export const verificationCodesSearchSchema = v.object({
  q: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(100))),
    undefined,
  ),
  page: v.fallback(
    v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(1)), 1),
    1,
  ),
})
