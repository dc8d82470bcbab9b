import { createFileRoute } from '@tanstack/react-router'
import { accessKeysQueryOptions } from '../../../../features/settings/access-keys/access-keys-api'
import { AccessKeysPage } from '../../../../features/settings/access-keys/access-keys-page'
import { guard } from '../../../../guards/guard'

export const Route = createFileRoute('/_authed/_merchant/_settings/access-keys')({
  beforeLoad: guard('accessKeys'),
  loader: ({ context: { queryClient, services, merchant } }) =>
    queryClient.ensureQueryData(accessKeysQueryOptions(services.api, merchant.id)),
  component: AccessKeysPage,
})
