import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { Badge } from '@mantine/core'
import type { Open } from '../../api/schemas/common'
import { openColor, openLabel } from '../open-value'

/** An item's status as a coloured dot and its name; a status the portal does not know as its raw text on a neutral dot. */
export function ListStatusBadge<TStatus extends string>({
  status,
  colors,
  labels,
}: {
  status: Open<TStatus>
  colors: Readonly<Record<TStatus, string>>
  labels: Readonly<Record<TStatus, MessageDescriptor>>
}) {
  const { i18n } = useLingui()
  return (
    <Badge
      color={openColor(colors, status)}
      variant="dot"
      radius="sm"
      tt="none"
      style={{ minWidth: 'max-content' }}
    >
      {openLabel(i18n, labels, status)}
    </Badge>
  )
}
