import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { StatusScreen } from './status-screen'

export function PermissionDenied() {
  return (
    <StatusScreen icon={<IconLock size={32} />} color="orange" title={<Trans>Permission Denied</Trans>}>
      <Trans>
        You do not have permissions to view this page. If you think this is incorrect, please contact the
        Merchant Success team.
      </Trans>
      <Button component={Link} to="/transactions" mt="lg" display="block" mx="auto" w="fit-content">
        <Trans>Return to home page</Trans>
      </Button>
    </StatusScreen>
  )
}
