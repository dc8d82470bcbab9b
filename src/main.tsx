import './app/mantine.css'
import './app/global.css'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { rerunGuardsWhenFactsChange } from './app/guard-facts'
import { keepAppSessionAlive } from './app/keep-alive'
import { Providers } from './app/providers'
import { createQueryClient } from './app/query-client'
import { createAppRouter, preloadRouteCode } from './app/router'
import { createAppServices } from './app/services'
import { SiteDataBlockedError } from './app/site-data'
import { installStyleNonce } from './app/style-nonce'
import { installTrustedTypesPolicy } from './app/trusted-types'
import { loadConfig } from './config/config'
import { reportCaughtError } from './guards/outcomes'
import { flushLog, log } from './log/logger'
import { reportUncaught } from './log/uncaught'
import { ShownPages } from './shared/shown-pages'

/**
 * Lets the browser paint and answer input between the steps of start-up: each step is short, but
 * together on a phone they would hold the main thread for half a second.
 */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

async function start(root: HTMLElement) {
  // First, so that nothing thrown from here on goes unreported (to the console until the config is in).
  reportUncaught(window, log, flushLog)
  installTrustedTypesPolicy()
  installStyleNonce()
  // Fails closed: without a valid /config.json nothing below runs, and the catch below says why.
  const config = await loadConfig()
  const services = await createAppServices(config, window.location.origin)
  await yieldToBrowser()
  const queryClient = createQueryClient(services.log)
  const context = { queryClient, services, shownPages: new ShownPages() }
  const router = createAppRouter(context)
  await yieldToBrowser()
  preloadRouteCode(router, window.location.pathname)
  // The first page's guards and loaders start now, their API calls alongside the first render rather
  // than after it (the router mounted later sees this load under way and does not start another).
  router.load().catch((error: unknown) => log('error', 'The first page could not load', { error }))
  keepAppSessionAlive(router, context)
  rerunGuardsWhenFactsChange(queryClient, () => void router.invalidate())
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

/**
 * Says why the portal did not start. The two pages are fetched only then, as every visit that starts
 * would download them for nothing; should that fetch fail too, a line of plain text says it.
 */
async function showStartFailure(root: HTMLElement, error: unknown): Promise<void> {
  try {
    if (error instanceof SiteDataBlockedError) {
      const { renderSiteDataBlocked } = await import('./app/site-data-blocked')
      await renderSiteDataBlocked(root, {
        languages: navigator.languages,
        host: window.location.host,
        reload: () => window.location.reload(),
      })
      return
    }
    log('error', 'The portal could not start', { error })
    const { renderStartupError } = await import('./app/startup-error')
    await renderStartupError(root, error, { languages: navigator.languages })
  } catch {
    const line = document.createElement('h1')
    line.textContent = `The Merchant Portal could not start: ${error instanceof Error ? error.message : String(error)}`
    root.replaceChildren(line)
  }
}

const root = document.getElementById('root')
if (root) start(root).catch((error: unknown) => showStartFailure(root, error))
