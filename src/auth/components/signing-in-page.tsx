import { Trans } from '@lingui/react/macro'
import { VisuallyHidden } from '@mantine/core'
import { LoadingPage } from '../../ui/loading-page'

export function SigningInPage() {
  return (
    <main>
      <VisuallyHidden component="h1">
        <Trans>Signing you in</Trans>
      </VisuallyHidden>
      <LoadingPage label={<Trans>Signing you in…</Trans>} />
    </main>
  )
}
