import { useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconColumns } from '@tabler/icons-react'
import { componentLoader, useDeferredControl } from '../../../ui/deferred-control'
import type { ColumnChooserProps } from './column-chooser-popover'

// The popover (and the floating-UI stack it positions with) is a chunk of its own, loaded just after
// the list's first paint; a plain button stands in for it until then.
const columnChooserPopover = componentLoader(() =>
  import('./column-chooser-popover').then((module) => module.ColumnChooserPopover),
)

/** The "Columns" button below the list, its popover loaded just after the first paint. */
export function ColumnChooser(props: ColumnChooserProps) {
  const { t } = useLingui()
  const { Control: ColumnChooserPopover, ...control } = useDeferredControl(columnChooserPopover)
  const lookalike = (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconColumns size={14} aria-hidden="true" />}
      aria-haspopup="dialog"
      aria-expanded={false}
      {...control.lookalike}
    >
      {t`Columns`}
    </Button>
  )
  if (ColumnChooserPopover === null) return lookalike
  return <ColumnChooserPopover {...props} opened={control.pressed} focused={control.focused} />
}
