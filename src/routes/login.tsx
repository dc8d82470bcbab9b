import { createFileRoute, redirect, useRouterState } from '@tanstack/react-router'
import { useServices } from '../app/services-context'
import { safeReturnPath } from '../auth/return-path'
import { AdminLoginPage } from '../features/auth/components/admin-login-page'
import { LoginPage } from '../features/auth/components/login-page'

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => {
    if (context.services.session.current()) throw redirect({ to: '/transactions', replace: true })
  },
  component: LoginRoute,
})

function LoginRoute() {
  const { config } = useServices()
  const remembered = useRouterState({ select: (state) => state.location.state.returnTo })
  const returnTo = safeReturnPath(remembered, window.location.origin)
  return config.fakeAuth ? <AdminLoginPage returnTo={returnTo} /> : <LoginPage returnTo={returnTo} />
}
