import { Trans, useLingui } from '@lingui/react/macro'
import { Avatar, Menu, UnstyledButton } from '@mantine/core'
import { IconKey, IconLogout } from '@tabler/icons-react'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { SCOPES } from '../../access/scopes'
import { ChangePasswordModal } from '../../features/password/components/change-password-modal'
import { useServices } from '../services-context'

const authed = getRouteApi('/_authed')

export function UserMenu() {
  const { session } = useServices()
  const { t } = useLingui()
  const [signingOut, setSigningOut] = useState(false)
  const [changingPassword, setChangingPassword] = useState(false)
  const canChangePassword = authed.useRouteContext({
    select: (context) => context.access.scopes.has(SCOPES.password.change),
  })

  return (
    <>
      <Menu position="bottom-end" width={220} shadow="md">
        <Menu.Target>
          <UnstyledButton aria-label={t`Account menu`}>
            <Avatar radius="xl" variant="light" size={36} />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {canChangePassword ? (
            <Menu.Item
              leftSection={<IconKey size={16} aria-hidden="true" />}
              onClick={() => setChangingPassword(true)}
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
      {canChangePassword ? (
        <ChangePasswordModal opened={changingPassword} onClose={() => setChangingPassword(false)} />
      ) : null}
    </>
  )
}
