import { createFileRoute, redirect } from '@tanstack/react-router'
import { SigningInPage } from '../../auth/components/signing-in-page'

export const Route = createFileRoute('/implicit/callback')({
  // The code in the URL can be redeemed once; caching or preloading this route would redeem it twice.
  staleTime: Number.POSITIVE_INFINITY,
  loader: async ({ context, preload }) => {
    if (preload) return
    const { session } = context.services
    let destination: string
    try {
      destination = await session.completeSignIn(window.location.href)
    } catch {
      // The session showed the failure's alert; a live session (a reloaded callback) means nothing failed.
      throw redirect({ to: session.current() ? '/transactions' : '/login', replace: true })
    }
    throw redirect({ href: destination, replace: true })
  },
  pendingComponent: SigningInPage,
  pendingMs: 0,
})
