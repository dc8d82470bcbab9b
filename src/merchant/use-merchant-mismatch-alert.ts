import { msg } from '@lingui/core/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { isMerchantMismatch, type MerchantMismatchError } from '../api/api-error'
import { useServices } from '../services/services-context'
import { merchantQueryOptions } from './merchant-queries'
import { useSwitchTabBack } from './use-switch-merchant'

/**
 * When a write was not sent because another tab switched merchant (see `MerchantMismatchError`), says
 * so in an alert that stays until closed: nothing was saved, the input is still on the page, and how
 * to go on, with a button that switches this tab back. `tabMerchantName` names the tab's merchant.
 */
export function useMerchantMismatchAlert(tabMerchantName: string) {
  const queryClient = useQueryClient()
  const { alerts, api, i18n } = useServices()
  const switchBack = useSwitchTabBack(tabMerchantName)

  useEffect(() => {
    async function otherName(error: MerchantMismatchError): Promise<string> {
      try {
        // A read under the other merchant's token, for that merchant: it is allowed to go out.
        return (await queryClient.fetchQuery(merchantQueryOptions(api, error.tokenMerchantId))).name
      } catch {
        return i18n._(msg`another merchant`)
      }
    }
    async function report(error: MerchantMismatchError) {
      const other = await otherName(error)
      alerts.show({
        status: 'ERROR',
        duration: 0,
        action: { label: i18n._(msg`Switch this tab back to ${tabMerchantName}`), run: switchBack },
        message: [
          i18n._(
            msg`Another tab switched to merchant ${other}. Nothing was saved; your input is still here.`,
          ),
          i18n._(
            msg`Switch this tab back to ${tabMerchantName} to save it, or reload the page to continue with ${other}.`,
          ),
        ],
      })
    }
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isMerchantMismatch(event.action.error))
        void report(event.action.error)
    })
  }, [alerts, api, i18n, queryClient, switchBack, tabMerchantName])
}
