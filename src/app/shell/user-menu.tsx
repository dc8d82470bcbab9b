import { useLingui } from '@lingui/react/macro'
import { Avatar, UnstyledButton } from '@mantine/core'
import { componentLoader, useDeferredControl } from '../../ui/deferred-control'
import type { UserMenuProps } from './user-menu-dropdown'

// The menu (and the floating-UI stack it positions with) is a chunk of its own, fetched when the
// account button is pointed at, focused or pressed: every signed-in page paints with the button alone.
const userMenuDropdown = componentLoader(() =>
  import('./user-menu-dropdown').then((module) => module.UserMenuDropdown),
)

/** The account menu: change password, sign out. */
export function UserMenu(props: UserMenuProps) {
  const { t } = useLingui()
  const { Control: UserMenuDropdown, ...control } = useDeferredControl(userMenuDropdown)
  if (UserMenuDropdown !== null) {
    return <UserMenuDropdown {...props} opened={control.pressed} focused={control.focused} />
  }
  return (
    <UnstyledButton
      aria-label={t`Account menu`}
      aria-haspopup="menu"
      aria-expanded={false}
      {...control.lookalike}
    >
      <Avatar radius="xl" variant="light" size={36} />
    </UnstyledButton>
  )
}
