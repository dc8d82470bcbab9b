import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { StatusScreen } from './status-screen'

/**
 * Shown instead of the 'Oops...' box when a page's code cannot be fetched, usually because a new
 * version was deployed while the portal was open: trying the same file again cannot help, a reload can.
 */
export function ChunkError() {
  return (
    <StatusScreen
      icon={<IconRefresh size={32} />}
      color="blue"
      title={<Trans>This page needs a reload</Trans>}
      actions={
        <Button onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </Button>
      }
    >
      <Trans>
        The portal may have been updated since you opened it, and this page could not be loaded. Reload to get
        the latest version.
      </Trans>
    </StatusScreen>
  )
}
