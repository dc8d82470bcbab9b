import { useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconColumns } from '@tabler/icons-react'
import type { ComponentPropsWithRef } from 'react'
import { componentLoader, useDeferredControl } from '../../../ui/deferred-control'
import type { ColumnChooserProps } from './column-chooser-popover'

// The popover (and the floating-UI stack it positions with) is a chunk of its own, loaded just after
// the list's first paint; a plain button stands in for it until then.
const columnChooserPopover = componentLoader(() =>
  import('./column-chooser-popover').then((module) => module.ColumnChooserPopover),
)

/** The "Columns" button, the same before its popover has loaded (as a stand-in) and after (as its target). */
export function ColumnsButton(props: Omit<ComponentPropsWithRef<'button'>, 'children' | 'color'>) {
  const { t } = useLingui()
  return (
    <Button variant="default" size="xs" leftSection={<IconColumns size={14} aria-hidden="true" />} {...props}>
      {t`Columns`}
    </Button>
  )
}

/** The "Columns" button below the list, its popover loaded just after the first paint. */
export function ColumnChooser(props: ColumnChooserProps) {
  const { Control: ColumnChooserPopover, ...control } = useDeferredControl(columnChooserPopover)
  if (ColumnChooserPopover === null)
    return <ColumnsButton aria-haspopup="dialog" aria-expanded={false} {...control.lookalike} />
  return <ColumnChooserPopover {...props} opened={control.pressed} focused={control.focused} />
}
