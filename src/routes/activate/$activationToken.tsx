import { createFileRoute } from '@tanstack/react-router'
import { readActivationLink } from '../../features/password/api/activation-link'
import { ActivateAccountPage } from '../../features/password/components/set-password-page'
import { StandaloneRouteError } from '../../ui/standalone'

/** An invitation's link: the new user creates a password. A reset link is the same page (password/reset/). */
export const Route = createFileRoute('/activate/$activationToken')({
  loader: readActivationLink,
  errorComponent: StandaloneRouteError,
  component: ActivateAccountPage,
})
