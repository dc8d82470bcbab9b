import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute('/logout/callback')({
  beforeLoad: ({ context }) => {
    // The page a timed-out tab was on, remembered across the provider's sign-out.
    const { storage } = context.services
    const returnTo = storage.get('returnTo')
    storage.remove('returnTo')
    throw redirect({ to: '/login', state: returnTo ? { returnTo } : undefined, replace: true })
  },
})
