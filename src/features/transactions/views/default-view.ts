import type { HistoryState } from '@tanstack/react-router'
import type { TypedStorage } from '../../../storage/storage'
import type { TransactionSearchInput } from '../search'
import { defaultView, type ViewOwner } from './saved-views'
import type { StaleFilter } from './view-filters'

declare module '@tanstack/history' {
  interface HistoryState {
    /** The saved view just opened and its filters that no longer apply, for the page to say so. */
    staleView?: { name: string; stale: StaleFilter[] }
    /** Set by Reset filters: the plain list was asked for, not the default view. */
    plainList?: true
  }
}

/**
 * Where a plain `/transactions` opens instead, or null: the owner's default view, unless the plain
 * list was asked for (Reset filters) or this is a preload, which changes no address.
 */
export async function defaultViewOpening(
  storage: TypedStorage,
  owner: ViewOwner | null,
  address: { search: object; state: HistoryState },
  activeProgramIds: readonly string[],
  preload: boolean,
): Promise<{ search: TransactionSearchInput; state: HistoryState } | null> {
  if (preload || !owner || address.state.plainList || Object.keys(address.search).length > 0) return null
  const view = defaultView(storage, owner)
  if (!view) return null
  // What reads a view's filters loads only for those who have a default view.
  const { openView, changesList } = await import('./view-filters')
  const { search, stale } = openView(view.filters, activeProgramIds)
  if (!changesList(search)) return null
  return { search, state: { staleView: stale.length > 0 ? { name: view.name, stale } : undefined } }
}
