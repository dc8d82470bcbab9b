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
        // The session is gone, so the page cannot stay: an unsaved-changes guard is not asked (a form's
        // input is kept as a draft when the session ended without a sign-out, see src/drafts).
        void router.navigate({ to: '/login', state: { returnTo }, replace: true, ignoreBlocker: true })
      },
      toSignOutCallback: () => {
        // Signed out: nothing of the page is kept, and no unsaved-changes guard holds the user back.
        void router.navigate({ to: '/logout/callback', replace: true, ignoreBlocker: true })
      },
      reload: () => router.invalidate(),
    },
    queryClient,
    services,
  })
}
