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

/** What a settings page needs from the signed-in area; pages render only once a merchant is chosen. */
export function useSettingsContext(): SettingsContext {
  const { merchant, programs, access } = authed.useRouteContext()
  if (!merchant) throw new Error('settings pages render only for a chosen merchant')
  return { merchant, programs, can: (scope) => access.scopes.has(scope) }
}
