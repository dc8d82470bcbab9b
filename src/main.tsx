import './app/mantine.css'
import './app/global.css'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { keepAppSessionAlive } from './app/keep-alive'
import { Providers } from './app/providers'
import { createQueryClient } from './app/query-client'
import { createAppRouter, preloadRouteCode } from './app/router'
import { createAppServices } from './app/services'
import { SiteDataBlockedError } from './app/site-data'
import { renderSiteDataBlocked } from './app/site-data-blocked'
import { renderStartupError } from './app/startup-error'
import { installTrustedTypesPolicy } from './app/trusted-types'
import { ConfigError, loadConfig } from './config/config'
import { reportCaughtError } from './guards/outcomes'

/**
 * Lets the browser paint and answer input between the steps of start-up: each step is short, but
 * together on a phone they would hold the main thread for half a second.
 */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

async function start(root: HTMLElement) {
  installTrustedTypesPolicy()
  const config = await loadConfig()
  const services = await createAppServices(config, window.location.origin)
  await yieldToBrowser()
  const queryClient = createQueryClient(services.log)
  const context = { queryClient, services }
  const router = createAppRouter(context)
  await yieldToBrowser()
  preloadRouteCode(router, window.location.pathname)
  keepAppSessionAlive(router, context)
  await yieldToBrowser()

  // The first render is a transition: React renders the app in slices the browser can answer input
  // between, not in one task (70 ms on a desktop, four times that on a phone) that blocks the page.
  const app = createRoot(root, { onCaughtError: reportCaughtError })
  startTransition(() => {
    app.render(
      <StrictMode>
        <Providers context={context}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    )
  })
}

const root = document.getElementById('root')
if (root) {
  start(root).catch(async (error: unknown) => {
    if (error instanceof SiteDataBlockedError) {
      await renderSiteDataBlocked(root, {
        languages: navigator.languages,
        host: window.location.host,
        reload: () => window.location.reload(),
      })
      return
    }
    renderStartupError(root, error instanceof ConfigError ? error.message : String(error))
  })
}
