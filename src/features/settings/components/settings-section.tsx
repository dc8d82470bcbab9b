import { Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

interface SettingsSectionProps {
  title: ReactNode
  description?: ReactNode
  children: ReactNode
  /** Id of the title, for forms and regions labelled by it. */
  titleId?: string
}

/** One card of a settings page: an h2, an optional line of context, then values or a form. */
export function SettingsSection({ title, description, children, titleId }: SettingsSectionProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  )
}
