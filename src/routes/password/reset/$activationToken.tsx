import { createFileRoute } from '@tanstack/react-router'
import { readActivationLink } from '../../../features/password/api/activation-link'
import { ResetPasswordPage } from '../../../features/password/components/set-password-page'
import { StandaloneRouteError } from '../../../ui/standalone'

/** A password reset link: the user chooses a new password, on the invitation's page (activate/). */
export const Route = createFileRoute('/password/reset/$activationToken')({
  loader: readActivationLink,
  errorComponent: StandaloneRouteError,
  component: ResetPasswordPage,
})
