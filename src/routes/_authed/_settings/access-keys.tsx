import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { guard } from '../../../guards/guard'
import { UpcomingPage } from '../../../ui/upcoming-page'

export const Route = createFileRoute('/_authed/_settings/access-keys')({
  beforeLoad: guard('accessKeys'),
  component: AccessKeysPage,
})

function AccessKeysPage() {
  return <UpcomingPage title={<Trans>Access keys</Trans>} />
}
