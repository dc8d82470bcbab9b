import { keepSessionAlive } from '../auth/keep-alive'
import type { RouterContext } from './context'
import type { AppRouter } from './router'

/**
 * Keeps the session alive (src/auth/keep-alive.ts) on the app's router: the sign-in page replaces
 * the current one when the session ends, and another tab's token change runs the page's guards
 * again. Returns the function that stops it.
 */
export function keepAppSessionAlive(router: AppRouter, { queryClient, services }: RouterContext): () => void {
  return keepSessionAlive({
    navigation: {
      location: () => router.state.location,
      toLogin: (returnTo) => {
        void router.navigate({ to: '/login', state: { returnTo }, replace: true })
      },
      toSignOutCallback: () => {
        void router.navigate({ to: '/logout/callback', replace: true })
      },
      reload: () => router.invalidate(),
    },
    queryClient,
    services,
  })
}
