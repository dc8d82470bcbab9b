import * as v from 'valibot'
import { opaqueIdText } from '../shared/opaque-id'
import type { TypedStorage } from '../storage/storage'
import { MAX_KNOWN_PROGRAMS, MAX_PREVIOUS_MERCHANTS } from '../storage/stored-values'

type ProgramStorage = Pick<TypedStorage, 'get' | 'set'>

/** The merchant's active programs when it was last opened in this browser; none when it never was. */
export function knownProgramIds(storage: ProgramStorage, merchantId: string): string[] {
  return storage.get('knownPrograms')?.find((entry) => entry.merchantId === merchantId)?.programIds ?? []
}

/**
 * Remembers the merchant's active programs for its next opening, the merchant first among those
 * remembered. Ids storage does not take (the wire's ids are any text) are left out, so that their
 * details are asked for once the participations answer, as without a memory; an unchanged list is
 * not written again, since every write reaches the other tabs.
 */
export function rememberProgramIds(
  storage: ProgramStorage,
  merchantId: string,
  programIds: readonly string[],
): void {
  if (!v.is(opaqueIdText, merchantId)) return
  const kept = programIds.filter((id) => v.is(opaqueIdText, id)).slice(0, MAX_KNOWN_PROGRAMS)
  const entries = storage.get('knownPrograms') ?? []
  const first = entries[0]
  if (first?.merchantId === merchantId && first.programIds.join('\n') === kept.join('\n')) return
  const others = entries.filter((entry) => entry.merchantId !== merchantId)
  storage.set('knownPrograms', [{ merchantId, programIds: kept }, ...others].slice(0, MAX_PREVIOUS_MERCHANTS))
}
