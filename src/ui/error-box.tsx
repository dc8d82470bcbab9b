import { Trans } from '@lingui/react/macro'
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useState } from 'react'
import { isApiError } from '../api/api-error'
import { TooManyRequests, tooManyRequests } from './too-many-requests'

interface ErrorBoxProps {
  error: unknown
  onRetry: () => void | Promise<void>
}

/** The generic failure box: says what failed in plain words and offers one way forward. */
export function ErrorBox({ error, onRetry }: ErrorBoxProps) {
  const [retrying, setRetrying] = useState(false)
  const requestId = isApiError(error) ? error.requestId : undefined

  async function retry() {
    setRetrying(true)
    try {
      await onRetry()
    } finally {
      setRetrying(false)
    }
  }

  return (
    <Stack maw={640} mx="auto" my="xl" px="md">
      <Alert
        variant="light"
        color="red"
        role="alert"
        icon={<IconAlertTriangle aria-hidden="true" />}
        title={<Trans>Oops...</Trans>}
      >
        <Stack gap="sm">
          <Text size="sm">
            <ErrorDescription error={error} />
          </Text>
          {requestId ? (
            <Text size="xs" c="dimmed">
              <Trans>
                Reference for support: <Code>{requestId}</Code>
              </Trans>
            </Text>
          ) : null}
          <Group>
            <Button color="red.9" variant="filled" onClick={retry} loading={retrying}>
              <Trans>Try Again</Trans>
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Stack>
  )
}

function ErrorDescription({ error }: { error: unknown }) {
  if (!isApiError(error)) return <Trans>Something went wrong while showing this page.</Trans>
  const refused = tooManyRequests(error)
  if (refused) return <TooManyRequests error={refused} />
  switch (error.kind) {
    case 'timeout':
      return <Trans>The server took too long to answer.</Trans>
    case 'network':
      return <Trans>We could not reach the server. Check your connection.</Trans>
    case 'invalid-response':
      return <Trans>The server sent an answer we could not read.</Trans>
    case 'aborted':
      return <Trans>The request was cancelled.</Trans>
    case 'merchant-mismatch':
      return <Trans>Another tab switched to another merchant, so nothing was sent.</Trans>
    case 'http':
      return <Trans>The server could not complete the request (status {error.status}).</Trans>
  }
}
