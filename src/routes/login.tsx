import { createFileRoute, redirect, useRouterState } from '@tanstack/react-router'
import { Suspense } from 'react'
import { safeReturnPath } from '../auth/return-path'
import { fakeAuthEnabled } from '../config/config'
import { LoginPage } from '../features/auth/components/login-page'
import { useServices } from '../services/services-context'
import { lazyChunk } from '../shared/load-chunk'
import { LoadingPage } from '../ui/loading-page'

export const Route = createFileRoute('/login')({
  // Not split: the sign-in page is the first page of every visit without a session, so it is part of
  // the entry and paints after one script download rather than a chain of them.
  codeSplitGroupings: [],
  beforeLoad: ({ context }) => {
    if (context.services.session.current()) throw redirect({ to: '/transactions', replace: true })
  },
  component: LoginRoute,
})

// Pre-production only: fetched only where fake authentication is enabled and allowed (the one build
// serves every environment), and kept out of the sign-in page's download every merchant waits for.
const AdminLoginPage = lazyChunk(() =>
  import('../features/auth/components/admin-login-page').then((module) => ({
    default: module.AdminLoginPage,
  })),
)

function LoginRoute() {
  const { config } = useServices()
  const remembered = useRouterState({ select: (state) => state.location.state.returnTo })
  const returnTo = safeReturnPath(remembered, window.location.origin)
  if (!fakeAuthEnabled(config)) return <LoginPage returnTo={returnTo} />
  return (
    <Suspense fallback={<LoadingPage />}>
      <AdminLoginPage returnTo={returnTo} />
    </Suspense>
  )
}
