export const ENVIRONMENTS = ['local', 'dev', 'qa', 'sandbox', 'staging', 'production'] as const

export type Environment = (typeof ENVIRONMENTS)[number]

export const PRE_PRODUCTION_ENVIRONMENTS: readonly Environment[] = [
  'local',
  'dev',
  'qa',
  'sandbox',
  'staging',
]
const PRE_PRODUCTION: ReadonlySet<string> = new Set<Environment>(PRE_PRODUCTION_ENVIRONMENTS)
const PRODUCTION: ReadonlySet<string> = new Set<Environment>(['production'])

// Both predicates take any string so that an unrecognised name belongs to neither group instead of
// being silently treated as one of them.
export function isPreProduction(env: string): boolean {
  return PRE_PRODUCTION.has(env)
}

export function isProduction(env: string): boolean {
  return PRODUCTION.has(env)
}
