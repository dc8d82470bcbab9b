import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { useServices } from '../app/services-context'

export type SwitchOutcome = 'switched' | 'vetoed' | 'unchanged'

/**
 * Acts for another merchant: asks the registered checks, exchanges the token for that merchant,
 * drops the previous merchant's cached data and reloads the current page's data in place.
 */
export function useSwitchMerchant(currentMerchantId: string | null) {
  const { session, storage, merchantChanges } = useServices()
  const queryClient = useQueryClient()
  const router = useRouter()

  return useCallback(
    async (merchantId: string): Promise<SwitchOutcome> => {
      if (merchantId === currentMerchantId) return 'unchanged'
      if (!(await merchantChanges.allows(merchantId))) return 'vetoed'
      await session.exchange(merchantId)
      storage.set('selectedMerchantId', merchantId)
      storage.rememberMerchant(merchantId)
      if (currentMerchantId)
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === currentMerchantId })
      const { location } = router.state
      const {
        merchantID: _merchant,
        isDeepLink: _deepLink,
        ...search
      }: Record<string, unknown> = location.search
      // A deep link names its merchant; once the user picks another, the link's choice no longer applies.
      await router.navigate({ to: location.pathname, search, replace: true })
      await router.invalidate()
      return 'switched'
    },
    [currentMerchantId, merchantChanges, queryClient, router, session, storage],
  )
}
