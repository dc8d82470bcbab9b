import '../../../ui/mantine-later.css'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Checkbox, Popover, Stack, Text } from '@mantine/core'
import { useId, useState } from 'react'
import { OPTIONAL_COLUMNS, type OptionalColumn } from '../search'
import { ColumnsButton } from './column-chooser'

const COLUMN_LABELS: Record<OptionalColumn, MessageDescriptor> = {
  orderId: msg`Order ID`,
  program: msg`Program`,
}

export interface ColumnChooserProps {
  columns: readonly OptionalColumn[]
  onChange(columns: OptionalColumn[]): void
}

/**
 * Shows or hides the table's lower-priority columns; the page keeps the choice in the URL.
 * `opened`: open from the start (its lookalike was pressed); `focused`: take the focus.
 */
export function ColumnChooserPopover({
  columns,
  onChange,
  opened,
  focused,
}: ColumnChooserProps & { opened: boolean; focused: boolean }) {
  const { t, i18n } = useLingui()
  const labelId = useId()
  // A box follows its click at once; the address (and the table) follow once the navigation commits,
  // which on a busy phone is a moment later, and until then a box that showed the address alone would
  // spring back. Once the address has changed, it says what is shown again.
  const addressColumns = columns.join()
  const [chosen, setChosen] = useState<{ from: string; columns: OptionalColumn[] } | null>(null)
  if (chosen !== null && chosen.from !== addressColumns) setChosen(null)
  const shown = chosen?.from === addressColumns ? chosen.columns : columns
  return (
    // Kept open while the table scrolls out of view under it, as the chooser sits below the table.
    <Popover position="top-start" shadow="md" withArrow hideDetached={false} defaultOpened={opened}>
      <Popover.Target>
        <ColumnsButton autoFocus={focused} />
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-labelledby={labelId}>
          <Text size="sm" fw={600} id={labelId}>
            {t`More columns`}
          </Text>
          {OPTIONAL_COLUMNS.map((column) => (
            <Checkbox
              key={column}
              label={i18n._(COLUMN_LABELS[column])}
              checked={shown.includes(column)}
              size="sm"
              onChange={(event) => {
                const checked = event.currentTarget.checked
                const next = OPTIONAL_COLUMNS.filter((other) =>
                  other === column ? checked : shown.includes(other),
                )
                setChosen({ from: addressColumns, columns: next })
                onChange(next)
              }}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
