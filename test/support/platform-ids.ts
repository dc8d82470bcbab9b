import { type AliasedKind, aliasOf } from '../../sandbox/api/id-aliases'
import * as sandboxIds from '../../sandbox/data/ids'
import { platformFromEnv } from '../../sandbox/index'

/*
 * The well-known merchant and program ids as the portal sees them in the platform mode the tests run
 * in (SANDBOX_PLATFORM): the spec-minimal platform knows them only by aliases that are not UUIDs
 * (sandbox/api/id-aliases.ts), so a test that builds a path, a deep link or an expectation from an id
 * takes it from here rather than from sandbox/data/ids.ts.
 */

function asSeen<const T extends Record<string, string>>(kind: AliasedKind, ids: T): T {
  if (platformFromEnv() !== 'spec-minimal') return ids
  // Each key keeps its place; only the values change, so the object is the same shape as `ids`.
  return Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, aliasOf(kind, id)])) as T
}

export const MERCHANT_IDS = asSeen('merchant', sandboxIds.MERCHANT_IDS)
export const PROGRAM_IDS = asSeen('program', sandboxIds.PROGRAM_IDS)

/**
 * The names Acme Outdoor's programs are shown by: their own, or in the spec-minimal mode, whose
 * programs carry no name (spec section 3), their ids.
 */
export const PROGRAM_NAMES = {
  acmeEcomm: shownAs('acmeEcomm', 'Acme Online Financing'),
  acmeInstore: shownAs('acmeInstore', 'Acme In-Store Card'),
  acmeLapsed: shownAs('acmeLapsed', 'Acme 2022 Promotion'),
} as const

function shownAs(program: keyof typeof PROGRAM_IDS, name: string): string {
  return platformFromEnv() === 'spec-minimal' ? PROGRAM_IDS[program] : name
}
