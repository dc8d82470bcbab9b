import { useLingui } from '@lingui/react/macro'
import { Badge, Tooltip } from '@mantine/core'
import type { SettlementStatus } from '../../../api/schemas/settlements'
import { SETTLEMENT_STATUS_COLORS, SETTLEMENT_STATUS_HINTS, SETTLEMENT_STATUS_LABELS } from '../labels'

export function SettlementStatusBadge({ status }: { status: SettlementStatus }) {
  const { i18n } = useLingui()
  return (
    <Tooltip label={i18n._(SETTLEMENT_STATUS_HINTS[status])} withArrow openDelay={300}>
      {/* The dot variant keeps the label in body text colour: tinted light badges miss 4.5:1 contrast. */}
      <Badge
        color={SETTLEMENT_STATUS_COLORS[status]}
        variant="dot"
        radius="sm"
        tt="none"
        maw="none"
        style={{ flexShrink: 0 }}
      >
        {i18n._(SETTLEMENT_STATUS_LABELS[status])}
      </Badge>
    </Tooltip>
  )
}
