import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import type { ReactNode } from 'react'

interface StatusScreenProps {
  icon: ReactNode
  color?: string
  title: ReactNode
  children?: ReactNode
  actions?: ReactNode
  /** The page's only h1 unless the screen sits inside a page that already has one. */
  headingOrder?: 1 | 2
}

/** The shared frame of the special screens (denied, not found, errors), so they look like one product. */
export function StatusScreen({ icon, color, title, children, actions, headingOrder = 1 }: StatusScreenProps) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden="true">
          {icon}
        </ThemeIcon>
        <Title order={headingOrder} size="h2">
          {title}
        </Title>
        {children ? (
          <Text c="dimmed" size="md">
            {children}
          </Text>
        ) : null}
        {actions}
      </Stack>
    </Center>
  )
}
