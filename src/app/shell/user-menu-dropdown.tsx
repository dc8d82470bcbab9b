import '../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Avatar, Menu, UnstyledButton } from '@mantine/core'
import { IconKey, IconLogout } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import { useServices } from '../../services/services-context'

// The change-password dialog (its form and password rules) loads when someone first asks for it.
const loadPasswordModal = () => import('../../features/password/components/change-password-modal')
const ChangePasswordModal = lazy(() =>
  loadPasswordModal().then((module) => ({ default: module.ChangePasswordModal })),
)

export interface UserMenuProps {
  /** Whether the token may change the user's password. */
  canChangePassword: boolean
}

/**
 * The account menu (a chunk of its own: see UserMenu). `opened`: open from the start (its lookalike
 * was pressed); `focused`: take the focus.
 */
export function UserMenuDropdown({
  canChangePassword,
  opened,
  focused,
}: UserMenuProps & { opened: boolean; focused: boolean }) {
  const { session } = useServices()
  const { t } = useLingui()
  const [signingOut, setSigningOut] = useState(false)
  const [changingPassword, setChangingPassword] = useState(false)
  // Mounted from the first opening on, so the dialog can animate out when it closes.
  const [passwordUsed, setPasswordUsed] = useState(false)

  return (
    <>
      <Menu position="bottom-end" width={220} shadow="md" defaultOpened={opened}>
        <Menu.Target>
          <UnstyledButton aria-label={t`Account menu`} autoFocus={focused}>
            <Avatar radius="xl" variant="light" size={36} />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {canChangePassword ? (
            <Menu.Item
              leftSection={<IconKey size={16} aria-hidden="true" />}
              onPointerEnter={() => void loadPasswordModal().catch(() => undefined)}
              onClick={() => {
                setPasswordUsed(true)
                setChangingPassword(true)
              }}
            >
              <Trans>Change password</Trans>
            </Menu.Item>
          ) : null}
          <Menu.Item
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true)
              void session.signOut()
            }}
          >
            <Trans>Sign out</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {canChangePassword && passwordUsed ? (
        <Suspense fallback={null}>
          <ChangePasswordModal opened={changingPassword} onClose={() => setChangingPassword(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
