import { Paper, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** One of the drawer's amount tiles (authorized, settled, refunded, remaining). */
export function Amount({ label, value, hint }: { label: ReactNode; value: string; hint?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  )
}

/** A labelled value of the drawer's facts (a `dt` and its `dd`). */
export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  )
}
