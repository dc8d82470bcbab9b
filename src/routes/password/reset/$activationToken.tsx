import { createFileRoute } from '@tanstack/react-router'
import { activationLinkQueryOptions } from '../../../features/password/api/activation-link'
import { SetPasswordPage } from '../../../features/password/components/set-password-page'
import { LoadingPage } from '../../../ui/loading-page'
import { Standalone, StandaloneRouteError } from '../../../ui/standalone'

export const Route = createFileRoute('/password/reset/$activationToken')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(
      activationLinkQueryOptions(context.services.api, params.activationToken),
    ),
  pendingComponent: () => (
    <Standalone>
      <LoadingPage />
    </Standalone>
  ),
  errorComponent: StandaloneRouteError,
  component: ResetPasswordRoute,
})

function ResetPasswordRoute() {
  const { activationToken } = Route.useParams()
  return <SetPasswordPage purpose="RESET" activationToken={activationToken} />
}
