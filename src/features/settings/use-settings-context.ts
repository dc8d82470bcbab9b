import { getRouteApi } from '@tanstack/react-router'
import type { Scope } from '../../access/scopes'
import type { Merchant } from '../../api/schemas/merchants'
import type { Program } from '../../api/schemas/programs'

const authed = getRouteApi('/_authed/_merchant')

export interface SettingsContext {
  merchant: Merchant
  programs: readonly Program[]
  /** Whether the token carries a scope, e.g. the page's edit scope. */
  can(scope: Scope): boolean
}

/** What a settings page needs from the merchant's area. */
export function useSettingsContext(): SettingsContext {
  const { merchant, programs, access } = authed.useRouteContext()
  return { merchant, programs, can: (scope) => access.scopes.has(scope) }
}
