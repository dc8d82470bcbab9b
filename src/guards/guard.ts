import { ABILITIES, type Abilities, type AbilityName } from '../access/abilities'
import { type AccessFacts, GATES, type GateName } from '../access/gates'
import { ForbiddenError } from './forbidden-error'

/** A route's `beforeLoad` for one gate of the table: pass, or Permission Denied through the router. */
export function guard(name: GateName) {
  const gate = GATES[name]
  return ({ context }: { context: { access: AccessFacts } }) => {
    if (!gate.allows(context.access)) throw new ForbiddenError(gate.id)
  }
}

/** A route's `beforeLoad` for a page that is itself an action, e.g. editing a cart: its ability or Permission Denied. */
export function guardAbility(name: AbilityName) {
  const rule = ABILITIES[name]
  return ({ context }: { context: { abilities: Abilities } }) => {
    if (!context.abilities[name]) throw new ForbiddenError(rule.id)
  }
}
