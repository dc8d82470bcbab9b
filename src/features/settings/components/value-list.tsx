import '../../../ui/mantine-later.css'
import { DataList, Text, useMatches } from '@mantine/core'
import type { ReactNode } from 'react'

export interface ListedValue {
  label: ReactNode
  value: ReactNode
  /** Stable key when the label is not a plain string. */
  id: string
}

/** Read-only settings: a description list of labels and values, never a disabled form. */
export function ValueList({ items }: { items: readonly ListedValue[] }) {
  // Side by side where there is room; stacked on a phone, where a label column would squeeze values.
  const orientation = useMatches<'horizontal' | 'vertical'>({ base: 'vertical', sm: 'horizontal' })
  return (
    <DataList withDivider labelWidth="14rem" orientation={orientation}>
      {items.map((item) => (
        <DataList.Item key={item.id}>
          <DataList.ItemLabel>{item.label}</DataList.ItemLabel>
          <DataList.ItemValue>{item.value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  )
}

/** Shown in a value list for an empty value, so a blank is not mistaken for a loading one. */
export function NotSet({ children }: { children: ReactNode }) {
  return (
    <Text span c="dimmed" fs="italic" inherit>
      {children}
    </Text>
  )
}
