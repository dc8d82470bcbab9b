import { Box, Stack } from '@mantine/core'
import type { ReactNode } from 'react'

/** A list on a phone: one card per item, nothing to scroll sideways; dimmed while the next page loads. */
export function ListCards({ label, busy, children }: { label: string; busy: boolean; children: ReactNode }) {
  return (
    <Stack
      component="ul"
      gap={0}
      p={0}
      m={0}
      aria-label={label}
      aria-busy={busy}
      style={{ listStyle: 'none', opacity: busy ? 0.6 : 1 }}
    >
      {children}
    </Stack>
  )
}

export function ListCard({ children }: { children: ReactNode }) {
  return (
    <Box component="li" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      {children}
    </Box>
  )
}
