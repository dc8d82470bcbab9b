import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { StatusScreen } from './status-screen'

// What Chromium, Firefox and Safari say when a dynamic import fails, and what Vite says when a
// chunk's stylesheet does: after a deploy, the files the open page knows about are gone.
const CHUNK_LOAD_FAILURE =
  /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS)/

/** True when a page's code (a lazily loaded chunk) could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message)
}

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
