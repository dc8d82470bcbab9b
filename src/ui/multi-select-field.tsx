import './mantine-later.css'
import { MultiSelect } from '@mantine/core'
import type { MultiSelectFieldProps } from './deferred-multi-select'

/**
 * Mantine's MultiSelect, with the combobox, popover and floating-UI code it brings: a chunk of its own
 * (see DeferredMultiSelect). `opened`: its dropdown open from the start; `focused`: take the focus.
 */
export function MultiSelectField({
  opened,
  focused,
  clearLabel,
  ...props
}: MultiSelectFieldProps & { opened: boolean; focused: boolean }) {
  return (
    <MultiSelect
      {...props}
      clearButtonProps={clearLabel ? { 'aria-label': clearLabel } : undefined}
      defaultDropdownOpened={opened}
      autoFocus={focused}
    />
  )
}
