import { Trans } from '@lingui/react/macro'
import { Center, Loader, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

interface LoadingPageProps {
  label?: ReactNode
}

export function LoadingPage({ label }: LoadingPageProps) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader size="lg" aria-hidden="true" />
        <Text c="dimmed">{label ?? <Trans>Loading…</Trans>}</Text>
      </Stack>
    </Center>
  )
}
