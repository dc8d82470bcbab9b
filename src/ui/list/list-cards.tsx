import { Box, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** A list on a phone or tablet: one card per item, nothing to scroll sideways; dimmed while the next page loads. */
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

/**
 * The card of a sale (a cart, a transaction): its reference and status, then the customer and the
 * time beside the amount.
 */
export function SaleCard({
  reference,
  status,
  customer,
  time,
  amount,
  extra,
}: {
  reference: ReactNode
  status: ReactNode
  customer: string
  time: string
  amount: string
  /** A line under the rest, such as a deadline. */
  extra?: ReactNode
}) {
  return (
    <ListCard>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        {reference}
        {status}
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-end" mt={4}>
        <div style={{ minWidth: 0 }}>
          <Text size="sm" truncate>
            {customer}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {time}
          </Text>
        </div>
        <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {amount}
        </Text>
      </Group>
      {extra}
    </ListCard>
  )
}
