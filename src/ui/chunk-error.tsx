import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconRefresh, IconWifiOff } from '@tabler/icons-react'
import { StatusScreen } from './status-screen'
import { useOnline } from './use-online'

/**
 * Shown instead of the 'Oops...' box when a page's code cannot be fetched: offline, until the browser
 * is back online; online, usually because a new version was deployed while the portal was open, so
 * trying the same file again cannot help, and a reload can.
 */
export function ChunkError() {
  // Offline, the code could not be fetched for want of a network, not because it is gone: the page
  // loads by itself once the browser is back online (see OfflineBanner).
  if (!useOnline()) {
    return (
      <StatusScreen
        icon={<IconWifiOff size={32} />}
        color="yellow"
        title={<Trans>This page will open when you are back online</Trans>}
      >
        <Trans>
          Its code could not be fetched without a connection. It opens here by itself once you are back
          online.
        </Trans>
      </StatusScreen>
    )
  }
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
