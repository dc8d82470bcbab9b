import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { accessKeysQueryOptions } from '../../../../features/settings/access-keys/access-keys-api'
import { AccessKeysPage } from '../../../../features/settings/access-keys/access-keys-page'
import { guard } from '../../../../guards/guard'
import { startReads } from '../../../../ui/start-reads'

export const Route = createFileRoute('/_authed/_merchant/_settings/access-keys')({
  staticData: { nav: { label: msg`Access keys`, order: 80 } },
  beforeLoad: guard('accessKeys'),
  loader: ({ context: { queryClient, services, merchant } }) =>
    startReads(queryClient, accessKeysQueryOptions(services.api, merchant.id)),
  component: AccessKeysPage,
})
