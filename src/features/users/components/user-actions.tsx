import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Menu } from '@mantine/core'
import { IconDots, IconMailForward, IconShieldCog, IconUserCheck, IconUserOff } from '@tabler/icons-react'
import { USER_STATUSES } from '../../../../contract/users'
import { isKnown } from '../../../api/schemas/common'
import type { MerchantUser } from '../../../api/schemas/users'

/** The actions on another user; the signed-in user's own row has none. */
export function UserActions({
  user,
  onResend,
  onAccess,
  onStatus,
}: {
  user: MerchantUser
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
        {user.status === 'INVITED' ? (
          <Menu.Item
            leftSection={<IconMailForward size={16} aria-hidden="true" />}
            onClick={() => onResend(user)}
          >
            <Trans>Resend invitation</Trans>
          </Menu.Item>
        ) : null}
        <Menu.Item leftSection={<IconShieldCog size={16} aria-hidden="true" />} onClick={onAccess}>
          <Trans>Change access level</Trans>
        </Menu.Item>
        {statusAction === 'reactivate' ? (
          <Menu.Item leftSection={<IconUserCheck size={16} aria-hidden="true" />} onClick={onStatus}>
            <Trans>Reactivate</Trans>
          </Menu.Item>
        ) : null}
        {statusAction === 'deactivate' ? (
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
