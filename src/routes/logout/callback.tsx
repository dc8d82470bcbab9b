import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/logout/callback')({
  beforeLoad: () => {
    throw redirect({ to: '/login', replace: true })
  },
})
