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
 * Where a plain `/transactions` opens instead: null at once when the owner has no default view (so
 * the page's reads start without waiting), the plain list was asked for (Reset filters) or this is a
 * preload, which changes no address; otherwise, once the view's reader has loaded, its address (null
 * when it shows the plain list anyway).
 */
export function defaultViewOpening(
  storage: TypedStorage,
  owner: ViewOwner | null,
  address: { search: object; state: HistoryState },
  activeProgramIds: readonly string[],
  preload: boolean,
): Promise<{ search: TransactionSearchInput; state: HistoryState } | null> | null {
  if (preload || !owner || address.state.plainList || Object.keys(address.search).length > 0) return null
  const view = defaultView(storage, owner)
  if (!view) return null
  // What reads a view's filters loads only for those who have a default view.
  return import('./view-filters').then(({ openView, changesList }) => {
    const { search, stale } = openView(view.filters, activeProgramIds)
    if (!changesList(search)) return null
    return { search, state: { staleView: stale.length > 0 ? { name: view.name, stale } : undefined } }
  })
}
