import '../../../ui/mantine-later.css'
import { useLingui } from '@lingui/react/macro'
import { Badge, Tooltip } from '@mantine/core'
import type { SettlementStatus } from '../../../../contract/settlements'
import type { Open } from '../../../api/schemas/common'
import { knownEntry, openColor, openLabel } from '../../../ui/open-value'
import { SETTLEMENT_STATUS_COLORS, SETTLEMENT_STATUS_HINTS, SETTLEMENT_STATUS_LABELS } from '../labels'

export function SettlementStatusBadge({ status }: { status: Open<SettlementStatus> }) {
  const { i18n } = useLingui()
  const hint = knownEntry(SETTLEMENT_STATUS_HINTS, status)
  return (
    <Tooltip label={hint ? i18n._(hint) : status} withArrow openDelay={300}>
      {/* The dot variant keeps the label in body text colour: tinted light badges miss 4.5:1 contrast. */}
      <Badge
        color={openColor(SETTLEMENT_STATUS_COLORS, status)}
        variant="dot"
        radius="sm"
        tt="none"
        maw="none"
        style={{ flexShrink: 0 }}
      >
        {openLabel(i18n, SETTLEMENT_STATUS_LABELS, status)}
      </Badge>
    </Tooltip>
  )
}
