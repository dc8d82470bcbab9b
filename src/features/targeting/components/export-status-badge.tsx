import { useLingui } from '@lingui/react/macro'
import { Badge } from '@mantine/core'
import type { TargetingExportStatus } from '../../../../contract/targeting-exports'
import type { Open } from '../../../api/schemas/common'
import { openColor, openLabel } from '../../../ui/open-value'
import { EXPORT_STATUS_COLORS, EXPORT_STATUS_LABELS } from '../labels'

export function ExportStatusBadge({ status }: { status: Open<TargetingExportStatus> }) {
  const { i18n } = useLingui()
  return (
    // The dot variant keeps the label in body text colour: tinted light badges miss 4.5:1 contrast.
    <Badge
      color={openColor(EXPORT_STATUS_COLORS, status)}
      variant="dot"
      radius="sm"
      tt="none"
      maw="none"
      style={{ flexShrink: 0 }}
    >
      {openLabel(i18n, EXPORT_STATUS_LABELS, status)}
    </Badge>
  )
}
