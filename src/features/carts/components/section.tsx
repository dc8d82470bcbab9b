import { Paper, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** A titled, bordered part of a cart's page or form (its title an h2 under the page's h1). */
export function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  )
}
