import { Trans } from '@lingui/react/macro'
import { LoadingPage } from '../../ui/loading-page'
import { Standalone } from '../../ui/standalone'

/** The signed-in area's loading page, while its guards run (spec: "While programs are loading"). */
export function AuthedPending() {
  return (
    <Standalone>
      <LoadingPage label={<Trans>Loading your programs…</Trans>} />
    </Standalone>
  )
}
