import { useLingui } from '@lingui/react/macro'
import { Badge } from '@mantine/core'
import { IconClockExclamation } from '@tabler/icons-react'
import type { TransactionStatus } from '../../../../contract/transactions'
import type { Open } from '../../../api/schemas/common'
import { openColor, openLabel } from '../../../ui/open-value'
import { STATUS_COLORS, STATUS_LABELS } from '../labels'

export function StatusBadge({ status }: { status: Open<TransactionStatus> }) {
  const { i18n } = useLingui()
  return (
    // The dot variant keeps the label in body text colour: tinted light badges miss 4.5:1 contrast.
    <Badge
      color={openColor(STATUS_COLORS, status)}
      variant="dot"
      radius="sm"
      tt="none"
      style={{ flexShrink: 0 }}
      maw="none"
    >
      {openLabel(i18n, STATUS_LABELS, status)}
    </Badge>
  )
}

/** Marks an open authorization that expires within seven days: settle it or lose it. */
export function ExpiresSoonBadge() {
  const { t } = useLingui()
  return (
    <Badge
      color="orange"
      variant="filled"
      radius="sm"
      tt="none"
      leftSection={<IconClockExclamation size={12} aria-hidden="true" />}
    >
      {t`Expires soon`}
    </Badge>
  )
}
