import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconMapQuestion } from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { StatusScreen } from './status-screen'

export function NotFound() {
  return (
    <StatusScreen
      icon={<IconMapQuestion size={32} />}
      color="gray"
      title={<Trans>Page not found</Trans>}
      actions={
        <Button component={Link} to="/transactions">
          <Trans>Go to transactions</Trans>
        </Button>
      }
    >
      <Trans>The address may be mistyped, or the page may have moved.</Trans>
    </StatusScreen>
  )
}
