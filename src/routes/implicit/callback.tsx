import { createFileRoute, redirect } from '@tanstack/react-router'
import { SigningInPage } from '../../auth/components/signing-in-page'
import { SignInError } from '../../auth/session'
import { signInFailed } from '../../auth/sign-in-failure'

export const Route = createFileRoute('/implicit/callback')({
  // The code in the URL can be redeemed once; caching or preloading this route would redeem it twice.
  staleTime: Number.POSITIVE_INFINITY,
  loader: async ({ context, preload }) => {
    if (preload) return
    const { session, alerts, i18n } = context.services
    let destination: string
    try {
      destination = await session.completeSignIn(window.location.href)
    } catch (error) {
      // A reload of a finished callback finds its state spent; a live session means nothing failed.
      if (session.current()) throw redirect({ to: '/transactions', replace: true })
      signInFailed(alerts, i18n, error instanceof SignInError ? error.message : String(error))
      throw redirect({ to: '/login', replace: true })
    }
    throw redirect({ href: destination, replace: true })
  },
  pendingComponent: SigningInPage,
  pendingMs: 0,
})
