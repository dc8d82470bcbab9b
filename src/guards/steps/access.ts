import { type Abilities, abilitiesOf } from '../../access/abilities'
import type { AccessFacts, Flags } from '../../access/gates'
import type { Tenant } from '../../api/schemas/merchants'
import type { Program } from '../../api/schemas/programs'
import type { PortalTokenClaims } from '../../auth/portal-token'
import { programFacts } from '../../programs/programs'

interface AccessStepInput {
  claims: Pick<PortalTokenClaims, 'scp'>
  tenant: Pick<Tenant, 'brand'>
  programs: readonly Program[]
  flags: Flags
}

/** What the access step adds to the context of every page below the merchant layout. */
export interface AccessContext {
  access: AccessFacts
  /** Every action the user may take here (src/access/abilities.ts), evaluated once. */
  abilities: Abilities
}

/**
 * Step 4 of the signed-in guard: what the gates of spec section 6 are evaluated over, once per
 * navigation, for every page and the navigation below the signed-in area.
 */
export function accessStep({ claims, tenant, programs, flags }: AccessStepInput): AccessContext {
  const access: AccessFacts = {
    scopes: new Set(claims.scp),
    brand: tenant.brand,
    programs: programFacts(programs),
    flags,
  }
  return { access, abilities: abilitiesOf(access) }
}
