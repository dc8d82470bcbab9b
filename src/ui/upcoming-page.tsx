import { Trans } from '@lingui/react/macro'
import { Paper, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { PageHeader } from './page-header'

interface UpcomingPageProps {
  title: ReactNode
}

/** A page whose route, gate and navigation exist but whose content has not shipped; it says so plainly. */
export function UpcomingPage({ title }: UpcomingPageProps) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed">
          <Trans>
            This page is not available yet. You can reach it once it ships; nothing here needs your action.
          </Trans>
        </Text>
      </Paper>
    </>
  )
}
