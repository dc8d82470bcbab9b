import { MantineProvider } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useMatch } from '@tanstack/react-router'
import { type ReactNode, useCallback, useSyncExternalStore } from 'react'
import { AlertHost } from '../alerts/alert-host'
import { brandIdentity, cssVariablesResolver } from '../brand/brands'
import { tenantQueryOptions } from '../merchant/merchant-queries'
import { useServices } from '../services/services-context'
import { styleNonce } from './style-nonce'

/**
 * Themes the app for the signed-in tenant's brand. It sits inside the router (as its InnerWrap), so
 * the tenant comes from the signed-in guard's claims; before sign-in it is the default brand.
 *
 * The guards load the tenant (the merchant layout, and the chooser, wait for it), so this only reads
 * the query cache and follows its changes: a query observer here would put its code, which the
 * sign-in page never needs, into the entry chunk.
 */
export function ThemeRoot({ children }: { children: ReactNode }) {
  const { api } = useServices()
  const queryClient = useQueryClient()
  const tenantId = useMatch({
    from: '/_authed',
    shouldThrow: false,
    select: (match) => match.context.claims?.tenantID,
  })
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  )
  const brand = useSyncExternalStore(subscribe, () =>
    tenantId === undefined
      ? undefined
      : queryClient.getQueryData(tenantQueryOptions(api, tenantId).queryKey)?.brand,
  )
  const nonce = styleNonce()
  return (
    <MantineProvider
      theme={brandIdentity(brand).theme}
      cssVariablesResolver={cssVariablesResolver}
      // The policy allows no style element without this answer's nonce (deploy/security-headers.ts).
      getStyleNonce={nonce === undefined ? undefined : () => nonce}
    >
      {children}
      <AlertHost />
    </MantineProvider>
  )
}
