import { ABILITIES, type Abilities, type AbilityName } from '../access/abilities'
import { type AccessFacts, GATES, type GateName } from '../access/gates'
import { ForbiddenError } from './forbidden-error'

type GuardFn = (match: { context: { access: AccessFacts } }) => void

/** The gate each route's guard checks, so that the navigation lists a page by the route's own rule. */
const gates = new WeakMap<GuardFn, GateName>()

/**
 * A route's `beforeLoad` for one gate of the table: pass, or Permission Denied through the router.
 * It is the only place a page's gate is named: the navigation reads it back with `gateOf`.
 */
export function guard(name: GateName): GuardFn {
  const gate = GATES[name]
  const check: GuardFn = ({ context }) => {
    if (!gate.allows(context.access)) throw new ForbiddenError(gate.id)
  }
  gates.set(check, name)
  return check
}

/** The gate a route's `beforeLoad` checks, when it is a `guard(...)`. */
export function gateOf(beforeLoad: unknown): GateName | undefined {
  return typeof beforeLoad === 'function' ? gates.get(beforeLoad as GuardFn) : undefined
}

/** A route's `beforeLoad` for a page that is itself an action, e.g. editing a cart: its ability or Permission Denied. */
export function guardAbility(name: AbilityName) {
  const rule = ABILITIES[name]
  return ({ context }: { context: { abilities: Abilities } }) => {
    if (!context.abilities[name]) throw new ForbiddenError(rule.id)
  }
}
