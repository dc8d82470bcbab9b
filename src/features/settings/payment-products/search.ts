import * as v from 'valibot'
import { CONFIGURATION_STATES } from '../../../../contract/values'
import { urlPicklist } from '../../../shared/search-params'

// Kept apart from the page's API module: the route's search validation runs before any page code
// loads, so whatever it imports ships with the app's first download.
export const CONFIGURATION_FILTERS = [...CONFIGURATION_STATES, 'ALL'] as const
export type ConfigurationFilter = (typeof CONFIGURATION_FILTERS)[number]
export const DEFAULT_CONFIGURATION_FILTER: ConfigurationFilter = 'ACTIVE'

/** The payment products page's URL: which configurations to list. */
export const paymentProductsSearchSchema = v.object({
  state: v.fallback(
    v.optional(urlPicklist(CONFIGURATION_FILTERS), DEFAULT_CONFIGURATION_FILTER),
    DEFAULT_CONFIGURATION_FILTER,
  ),
})
