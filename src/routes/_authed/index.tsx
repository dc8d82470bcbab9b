import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/_authed/')({
  // `/` and `/transactions` are the same page; one address keeps links and history simple.
  beforeLoad: ({ location }) => {
    throw redirect({ to: '/transactions', search: location.search, replace: true })
  },
})
