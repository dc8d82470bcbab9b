import * as v from 'valibot'
import { urlPicklist } from '../../../shared/search-params'

// Kept apart from the page's API module: the route's search validation runs before any page code
// loads, so whatever it imports ships with the app's first download.
export const CONFIGURATION_STATES = ['ACTIVE', 'INACTIVE', 'ALL'] as const
export type ConfigurationFilter = (typeof CONFIGURATION_STATES)[number]
export const DEFAULT_CONFIGURATION_FILTER: ConfigurationFilter = 'ACTIVE'

/** The payment products page's URL: which configurations to list. */
export const paymentProductsSearchSchema = v.object({
  state: v.fallback(
    v.optional(urlPicklist(CONFIGURATION_STATES), DEFAULT_CONFIGURATION_FILTER),
    DEFAULT_CONFIGURATION_FILTER,
  ),
})
