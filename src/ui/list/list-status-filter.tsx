import '../mantine-later.css'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { Select } from '@mantine/core'

const ALL = 'ALL'

/** The status select of a list: "All statuses" (no filter) or one status. */
export function ListStatusFilter<TStatus extends string>({
  statuses,
  labels,
  value,
  width,
  onChange,
}: {
  statuses: readonly TStatus[]
  labels: Readonly<Record<TStatus, MessageDescriptor>>
  value: TStatus | undefined
  /** The select's width from the `xs` breakpoint up; below it the select takes the whole row. */
  width: number
  onChange(status: TStatus | undefined): void
}) {
  const { t, i18n } = useLingui()
  return (
    <Select
      label={t`Status`}
      data={[
        { value: ALL, label: t`All statuses` },
        ...statuses.map((status) => ({ value: status, label: i18n._(labels[status]) })),
      ]}
      value={value ?? ALL}
      allowDeselect={false}
      w={{ base: '100%', xs: width }}
      onChange={(selected) => onChange(statuses.find((candidate) => candidate === selected))}
    />
  )
}
