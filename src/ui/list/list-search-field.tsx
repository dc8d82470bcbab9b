import { useLingui } from '@lingui/react/macro'
import { CloseButton, TextInput, type TextInputProps } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import type { SearchDraft } from './use-search-draft'

type ListSearchFieldProps = Omit<
  TextInputProps,
  'value' | 'onChange' | 'onKeyDown' | 'leftSection' | 'rightSection' | 'w'
> & {
  draft: SearchDraft
  label: string
  /** The box's width from the `xs` breakpoint up; below it the box takes the whole row. */
  width: number
}

/** A list's search box: it answers every key, commits on a pause or Enter, and has a clear button. */
export function ListSearchField({ draft, width, ...props }: ListSearchFieldProps) {
  const { t } = useLingui()
  return (
    <TextInput
      inputMode="search"
      {...props}
      value={draft.value}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={
        draft.value ? <CloseButton size="sm" aria-label={t`Clear search`} onClick={draft.clear} /> : null
      }
      w={{ base: '100%', xs: width }}
      onChange={(event) => draft.change(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') draft.flush()
      }}
    />
  )
}
