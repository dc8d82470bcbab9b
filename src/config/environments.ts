export const ENVIRONMENTS = ['local', 'dev', 'qa', 'sandbox', 'staging', 'production'] as const

export type Environment = (typeof ENVIRONMENTS)[number]

const PRE_PRODUCTION: ReadonlySet<string> = new Set<Environment>(['local', 'dev', 'qa', 'sandbox', 'staging'])
const PRODUCTION: ReadonlySet<string> = new Set<Environment>(['production'])

// Both predicates take any string so that an unrecognised name belongs to neither group instead of
// being silently treated as one of them.
export function isPreProduction(env: string): boolean {
  return PRE_PRODUCTION.has(env)
}

export function isProduction(env: string): boolean {
  return PRODUCTION.has(env)
}
