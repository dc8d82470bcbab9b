import { Paper, Stack, Text } from '@mantine/core'
import type { TablerIcon } from '@tabler/icons-react'
import type { ReactNode } from 'react'

/**
 * What a list shows in place of its items when there are none: an icon, a title, and an optional
 * line of explanation and action.
 */
export function ListEmpty({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: TablerIcon
  title: ReactNode
  description?: ReactNode
  action?: ReactNode
}) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="sm">
        <Icon size={32} aria-hidden="true" />
        <Text fw={600}>{title}</Text>
        {description ? (
          <Text size="sm" c="dimmed" ta="center">
            {description}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Paper>
  )
}
