import { Trans, useLingui } from '@lingui/react/macro'
import { Avatar, Menu, UnstyledButton } from '@mantine/core'
import { IconLogout } from '@tabler/icons-react'
import { useState } from 'react'
import { useServices } from '../services-context'

export function UserMenu() {
  const { session } = useServices()
  const { t } = useLingui()
  const [signingOut, setSigningOut] = useState(false)

  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t`Account menu`}>
          <Avatar radius="xl" color="primary" variant="filled" size={36} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
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
  )
}
