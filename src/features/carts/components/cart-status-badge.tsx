import { useLingui } from '@lingui/react/macro'
import { Badge } from '@mantine/core'
import type { CartStatus } from '../../../../contract/carts'
import type { Open } from '../../../api/schemas/common'
import { openColor, openLabel } from '../../../ui/open-value'
import { CART_STATUS_COLORS, CART_STATUS_LABELS } from '../labels'

export function CartStatusBadge({ status, size }: { status: Open<CartStatus>; size?: 'sm' | 'md' | 'lg' }) {
  const { i18n } = useLingui()
  return (
    <Badge
      color={openColor(CART_STATUS_COLORS, status)}
      variant="dot"
      radius="sm"
      tt="none"
      size={size}
      style={{ minWidth: 'max-content' }}
    >
      {openLabel(i18n, CART_STATUS_LABELS, status)}
    </Badge>
  )
}
