import { Trans } from '@lingui/react/macro'
import { Button, Group } from '@mantine/core'
import type { ReactNode } from 'react'

/** A list's filter bar, a search landmark; "Reset filters" shows once anything is filtered. */
export function ListFilters({
  label,
  filtered,
  onReset,
  children,
}: {
  label: string
  filtered: boolean
  onReset(): void
  children: ReactNode
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label={label}>
      {children}
      {filtered ? <ResetFiltersButton variant="subtle" onClick={onReset} /> : null}
    </Group>
  )
}

export function ResetFiltersButton({ variant, onClick }: { variant: 'subtle' | 'light'; onClick(): void }) {
  return (
    <Button variant={variant} onClick={onClick}>
      <Trans>Reset filters</Trans>
    </Button>
  )
}
