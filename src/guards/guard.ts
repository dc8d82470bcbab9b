import { type AccessFacts, GATES, type GateName } from '../access/gates'
import { ForbiddenError } from './forbidden-error'

/** A route's `beforeLoad` for one gate of the table: pass, or Permission Denied through the router. */
export function guard(name: GateName) {
  const gate = GATES[name]
  return ({ context }: { context: { access: AccessFacts } }) => {
    if (!gate.allows(context.access)) throw new ForbiddenError(gate.id)
  }
}
