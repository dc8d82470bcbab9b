import { Trans } from '@lingui/react/macro'
import { Alert, Button, Group, Text } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import type { ReactNode } from 'react'

/**
 * The spec's 'Oops...' box for a list that failed to load, inside the page so that its filters (and
 * what was typed in them) stay, with the page's own message and 'Try Again'.
 */
export function ListLoadError({
  children,
  retrying,
  onRetry,
}: {
  children: ReactNode
  retrying: boolean
  onRetry(): void
}) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle aria-hidden="true" />}
      title={<Trans>Oops...</Trans>}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{children}</Text>
        <Button size="xs" color="red.9" onClick={onRetry} loading={retrying}>
          <Trans>Try Again</Trans>
        </Button>
      </Group>
    </Alert>
  )
}
