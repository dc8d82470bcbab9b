import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { Badge } from '@mantine/core'

/** An item's status as a coloured dot and its name. */
export function ListStatusBadge<TStatus extends string>({
  status,
  colors,
  labels,
}: {
  status: TStatus
  colors: Readonly<Record<TStatus, string>>
  labels: Readonly<Record<TStatus, MessageDescriptor>>
}) {
  const { i18n } = useLingui()
  return (
    <Badge color={colors[status]} variant="dot" radius="sm" tt="none" style={{ minWidth: 'max-content' }}>
      {i18n._(labels[status])}
    </Badge>
  )
}
