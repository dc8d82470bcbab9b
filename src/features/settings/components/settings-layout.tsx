import '../../../ui/mantine-later.css'
import { useLingui } from '@lingui/react/macro'
import { Box, Flex, Select, Stack, Text } from '@mantine/core'
import { getRouteApi, Outlet, useNavigate, useRouterState } from '@tanstack/react-router'
import { isCurrent } from '../../../navigation/menus'
import { useMenu } from '../../../navigation/use-menu'
import { NavItem } from '../../../ui/nav-item'

const authed = getRouteApi('/_authed/_merchant')
const settings = getRouteApi('/_authed/_merchant/_settings')

/**
 * The settings area: its own navigation beside the page (a list on wide screens, a select on a
 * phone) listing exactly the settings pages this user may open.
 */
export function SettingsLayout() {
  const { t, i18n } = useLingui()
  const { access, merchant } = authed.useRouteContext()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const navigate = useNavigate()
  const pages = useMenu(settings.id, access)
  const current = pages.find((page) => isCurrent(page, pathname))

  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: 'md', md: 'xl' }} align="flex-start">
      <Box
        component="nav"
        aria-label={t`Settings`}
        w={232}
        visibleFrom="md"
        style={{
          flexShrink: 0,
          position: 'sticky',
          top: 'calc(var(--app-shell-header-height, 64px) + 1rem)',
        }}
      >
        <Stack gap={2}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pb={4}>
            {t`Settings`}
          </Text>
          {pages.map((page) => {
            const active = page === current
            return (
              <NavItem
                key={page.to}
                to={page.to}
                label={i18n._(page.label)}
                active={active}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              />
            )
          })}
        </Stack>
      </Box>
      <Select
        hiddenFrom="md"
        w="100%"
        label={t`Settings page`}
        data={pages.map((page) => ({ value: page.to, label: i18n._(page.label) }))}
        value={current?.to ?? null}
        onChange={(to) => {
          const page = pages.find((candidate) => candidate.to === to)
          if (page) void navigate({ to: page.to })
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Box style={{ flex: 1, minWidth: 0 }} w="100%">
        {/* A merchant switch starts every settings page afresh, with that merchant's data. */}
        <Outlet key={merchant.id} />
      </Box>
    </Flex>
  )
}
