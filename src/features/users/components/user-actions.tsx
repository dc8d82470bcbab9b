import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Menu } from '@mantine/core'
import {
  IconDots,
  IconHistory,
  IconMailForward,
  IconShieldCog,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react'
import { USER_STATUSES } from '../../../../contract/users'
import { isKnown } from '../../../api/schemas/common'
import type { MerchantUser } from '../../../api/schemas/users'

/**
 * A user's row menu: their activity for everyone who sees the page; the changes only for those who
 * may edit users, and never on the signed-in user's own row.
 */
export function UserActions({
  user,
  editable,
  onActivity,
  onResend,
  onAccess,
  onStatus,
}: {
  user: MerchantUser
  editable: boolean
  onActivity(): void
  onResend(user: MerchantUser): void
  onAccess(): void
  onStatus(): void
}) {
  const { t } = useLingui()
  const who = user.name ?? user.email
  // A status the portal does not know offers neither reactivation nor deactivation.
  const statusAction =
    user.status === 'DEACTIVATED' ? 'reactivate' : isKnown(USER_STATUSES, user.status) ? 'deactivate' : null
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={t`Actions for ${who}`}>
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconHistory size={16} aria-hidden="true" />} onClick={onActivity}>
          <Trans>View activity</Trans>
        </Menu.Item>
        {editable && user.status === 'INVITED' ? (
          <Menu.Item
            leftSection={<IconMailForward size={16} aria-hidden="true" />}
            onClick={() => onResend(user)}
          >
            <Trans>Resend invitation</Trans>
          </Menu.Item>
        ) : null}
        {editable ? (
          <Menu.Item leftSection={<IconShieldCog size={16} aria-hidden="true" />} onClick={onAccess}>
            <Trans>Change access level</Trans>
          </Menu.Item>
        ) : null}
        {editable && statusAction === 'reactivate' ? (
          <Menu.Item leftSection={<IconUserCheck size={16} aria-hidden="true" />} onClick={onStatus}>
            <Trans>Reactivate</Trans>
          </Menu.Item>
        ) : null}
        {editable && statusAction === 'deactivate' ? (
          <Menu.Item
            color="red.9"
            leftSection={<IconUserOff size={16} aria-hidden="true" />}
            onClick={onStatus}
          >
            <Trans>Deactivate</Trans>
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  )
}
