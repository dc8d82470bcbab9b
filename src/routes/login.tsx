import { createFileRoute, redirect, useRouterState } from '@tanstack/react-router'
import { safeReturnPath } from '../auth/return-path'
import { LoginPage } from '../features/auth/components/login-page'

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => {
    if (context.services.session.current()) throw redirect({ to: '/transactions', replace: true })
  },
  component: LoginRoute,
})

function LoginRoute() {
  const returnTo = useRouterState({ select: (state) => state.location.state.returnTo })
  return <LoginPage returnTo={safeReturnPath(returnTo, window.location.origin)} />
}
