import { msg } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { settleDeepLink } from '../deep-link/deep-link'
import { useServices } from '../services/services-context'
import { actAsMerchant } from './act-as-merchant'

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
      await actAsMerchant({ session, storage }, merchantId)
      // The previous merchant's data goes, but for its record: its name stays in the Recent list.
      if (currentMerchantId)
        queryClient.removeQueries({
          predicate: ({ queryKey }) => queryKey[0] === currentMerchantId && queryKey[1] !== 'merchant',
        })
      const { location } = router.state
      // A deep link not applied yet names its merchant; once the user picks another, only its filters stay.
      // Loading the same address again runs every guard and every loader for the new merchant: the
      // router keeps no loader data fresh (Query does), so nothing needs invalidating.
      await router.navigate({ to: location.pathname, search: settleDeepLink(location.search), replace: true })
      return 'switched'
    },
    [currentMerchantId, merchantChanges, queryClient, router, session, storage],
  )
}

/**
 * Takes the shared token back for the merchant this tab shows, after another tab switched to another
 * one while this tab kept unsaved work: the page and its input stay as they are, and the other tab
 * follows the switch back as it follows any other. `tabMerchantName` names it in the alert that follows.
 */
export function useSwitchTabBack(tabMerchantName: string) {
  const { session, storage, alerts, i18n } = useServices()
  return useCallback(async () => {
    const merchantId = session.tabMerchant()
    if (!merchantId) return
    try {
      await actAsMerchant({ session, storage }, merchantId)
    } catch {
      // The exchange reports its own failure in an alert.
      return
    }
    alerts.show({
      status: 'SUCCESS',
      message: i18n._(msg`This tab acts for ${tabMerchantName} again. You can save your changes now.`),
    })
  }, [alerts, i18n, session, storage, tabMerchantName])
}
