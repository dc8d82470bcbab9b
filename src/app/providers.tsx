import { I18nProvider } from '@lingui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { AlertsProvider } from '../alerts/alert-host'
import { ServicesProvider } from '../services/services-context'
import { ShownPagesProvider } from '../shared/shown-pages'
import type { RouterContext } from './context'

/** What every screen needs around the router; the theme sits inside it (see ThemeRoot). */
export function Providers({ context, children }: { context: RouterContext; children: ReactNode }) {
  const { services, queryClient, shownPages } = context
  return (
    <I18nProvider i18n={services.i18n}>
      <QueryClientProvider client={queryClient}>
        <ServicesProvider services={services}>
          <AlertsProvider store={services.alerts}>
            <ShownPagesProvider value={shownPages}>{children}</ShownPagesProvider>
          </AlertsProvider>
        </ServicesProvider>
      </QueryClientProvider>
    </I18nProvider>
  )
}
