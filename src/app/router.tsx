import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from '../../routes.gen'
import { setLogRoute } from '../log/logger'
import { LoadingPage } from '../ui/loading-page'
import { NotFound } from '../ui/not-found'
import { RouteError } from '../ui/route-error'
import type { RouterContext } from './context'
import { ThemeRoot } from './theme-root'

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    // TanStack Query owns freshness, so the router always asks it instead of keeping its own cache.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: NotFound,
    defaultPendingComponent: LoadingPage,
    defaultPendingMs: 150,
    scrollRestoration: true,
    InnerWrap: ThemeRoot,
  })
  // Every log entry names the page it was written on by its route id (`/activate/$activationToken`),
  // never by its path, which may carry a one-time token.
  setLogRoute(() => router.state.matches.at(-1)?.routeId)
  router.subscribe('onRendered', () => context.shownPages.rendered())
  return router
}

export type AppRouter = ReturnType<typeof createAppRouter>

/**
 * Starts downloading the code of the pages a path opens (each matched route's split component) at
 * start-up, alongside the configuration and the guards' API calls, instead of after them.
 */
export function preloadRouteCode(router: AppRouter, pathname: string): void {
  const [routes] = router.getMatchedRoutes(pathname)
  for (const route of routes) {
    router.loadRouteChunk(route)?.catch(() => {
      // The navigation loads it again and shows the failure there.
    })
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}
