import { getRouteApi } from '@tanstack/react-router'
import type { Abilities } from '../../access/abilities'
import type { Merchant } from '../../api/schemas/merchants'
import type { Program } from '../../api/schemas/programs'

const authed = getRouteApi('/_authed')

export interface SettingsContext {
  merchant: Merchant
  programs: readonly Program[]
  /** What the user may do, e.g. `abilities.fundingSettingsEdit` on the funding page. */
  abilities: Abilities
}

/** What a settings page needs from the signed-in area; pages render only once a merchant is chosen. */
export function useSettingsContext(): SettingsContext {
  const { merchant, programs, abilities } = authed.useRouteContext()
  if (!merchant) throw new Error('settings pages render only for a chosen merchant')
  return { merchant, programs, abilities }
}
