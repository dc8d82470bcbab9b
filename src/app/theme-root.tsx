import { MantineProvider } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMatch } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { AlertHost } from '../alerts/alert-host'
import { brandIdentity, cssVariablesResolver } from '../brand/brands'
import { tenantQueryOptions } from '../merchant/merchant-queries'
import { useServices } from '../services/services-context'

/**
 * Themes the app for the signed-in tenant's brand. It sits inside the router (as its InnerWrap), so
 * the tenant comes from the signed-in guard's claims (the guard loads it); before sign-in it is the
 * default brand.
 */
export function ThemeRoot({ children }: { children: ReactNode }) {
  const { api } = useServices()
  const tenantId = useMatch({
    from: '/_authed',
    shouldThrow: false,
    select: (match) => match.context.claims?.tenantID,
  })
  const brand = useQuery({
    ...tenantQueryOptions(api, tenantId ?? ''),
    enabled: tenantId !== undefined,
    select: (tenant) => tenant.brand,
  }).data
  return (
    <MantineProvider theme={brandIdentity(brand).theme} cssVariablesResolver={cssVariablesResolver}>
      {children}
      <AlertHost />
    </MantineProvider>
  )
}
