import type { TypedStorage } from '../storage/storage'
import { MAX_KNOWN_PROGRAMS, MAX_PREVIOUS_MERCHANTS } from '../storage/stored-values'

type ProgramStorage = Pick<TypedStorage, 'get' | 'set'>

/** The merchant's active programs when it was last opened in this browser; none when it never was. */
export function knownProgramIds(storage: ProgramStorage, merchantId: string): string[] {
  return storage.get('knownPrograms')?.[merchantId] ?? []
}

/**
 * Remembers the merchant's active programs for its next opening, beside those of the merchants opened
 * last; an unchanged list is not written again, since every write reaches the other tabs.
 */
export function rememberProgramIds(
  storage: ProgramStorage,
  merchantId: string,
  programIds: readonly string[],
): void {
  const kept = programIds.slice(0, MAX_KNOWN_PROGRAMS)
  const { [merchantId]: known, ...others } = storage.get('knownPrograms') ?? {}
  if (known?.join('\n') === kept.join('\n')) return
  const last = Object.entries(others).slice(1 - MAX_PREVIOUS_MERCHANTS)
  storage.set('knownPrograms', { ...Object.fromEntries(last), [merchantId]: kept })
}
