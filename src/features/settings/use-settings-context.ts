import { getRouteApi } from '@tanstack/react-router'
import type { Abilities } from '../../access/abilities'
import type { Merchant } from '../../api/schemas/merchants'
import type { Program } from '../../api/schemas/programs'

const authed = getRouteApi('/_authed/_merchant')

export interface SettingsContext {
  merchant: Merchant
  programs: readonly Program[]
  /** What the user may do, e.g. `abilities.fundingSettingsEdit` on the funding page. */
  abilities: Abilities
}

/** What a settings page needs from the merchant's area. */
export function useSettingsContext(): SettingsContext {
  const { merchant, programs, abilities } = authed.useRouteContext()
  return { merchant, programs, abilities }
}
