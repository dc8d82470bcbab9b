import { useLingui } from '@lingui/react/macro'
import { Badge } from '@mantine/core'
import type { CartStatus } from '../../../api/schemas/carts'
import { CART_STATUS_COLORS, CART_STATUS_LABELS } from '../labels'

export function CartStatusBadge({ status, size }: { status: CartStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { i18n } = useLingui()
  return (
    <Badge
      color={CART_STATUS_COLORS[status]}
      variant="dot"
      radius="sm"
      tt="none"
      size={size}
      style={{ minWidth: 'max-content' }}
    >
      {i18n._(CART_STATUS_LABELS[status])}
    </Badge>
  )
}
