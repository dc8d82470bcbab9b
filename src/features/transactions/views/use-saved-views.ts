import { getRouteApi } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { useServices } from '../../../services/services-context'
import type { SavedView } from '../../../storage/stored-values'
import { ownViews, type ViewOwner } from './saved-views'
import { openView } from './view-filters'

const route = getRouteApi('/_authed/_merchant/transactions')

/** The signed-in user's views for the merchant, kept current as this or another tab changes them. */
export function useSavedViews(merchantId: string): { owner: ViewOwner | null; views: SavedView[] } {
  const { session, storage } = useServices()
  const userId = session.current()?.claims.uid
  const owner = useMemo(() => (userId ? { userId, merchantId } : null), [userId, merchantId])
  const [views, setViews] = useState(() => (owner ? ownViews(storage, owner) : []))
  useEffect(() => {
    if (!owner) return
    setViews(ownViews(storage, owner))
    return storage.subscribe('savedViews', () => setViews(ownViews(storage, owner)))
  }, [storage, owner])
  return { owner, views }
}

/** Opens a saved view: its address, with a notice of what no longer applies. */
export function useOpenView(programIds: readonly string[]): (view: SavedView) => void {
  const navigate = route.useNavigate()
  return (view) => {
    const { search, stale } = openView(view.filters, programIds)
    void navigate({
      search,
      state: { staleView: stale.length > 0 ? { name: view.name, stale } : undefined },
    })
  }
}
