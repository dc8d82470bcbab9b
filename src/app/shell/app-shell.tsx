import { useLingui } from '@lingui/react/macro'
import { Box, Burger, Group, Text, UnstyledButton } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { Link, useRouterState } from '@tanstack/react-router'
import { type ReactNode, Suspense } from 'react'
import { BrandLogo } from '../../brand/brand-logo'
import type { BrandIdentity } from '../../brand/brands'
import { isCurrent, type MenuItem } from '../../navigation/menus'
import { useAfterFirstPaint } from '../../shared/after-first-paint'
import { NavItem } from '../../ui/nav-item'
import classes from './app-shell.module.css'
import { FIXED_BAR_CLASS } from './fixed-bar'
import { OfflineBanner } from './offline-banner'

interface PortalShellProps {
  identity: BrandIdentity
  areas: readonly MenuItem[]
  /** Right-hand header controls: merchant, language, user menu. */
  headerEnd: ReactNode
  /** Controls that move from the header into the navigation at phone width, where the header is full. */
  navigationFooter?: ReactNode
  children: ReactNode
}

export function PortalShell({ identity, areas, headerEnd, navigationFooter, children }: PortalShellProps) {
  const [opened, { toggle, close }] = useDisclosure(false)
  const { t, i18n } = useLingui()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const current = pathname === '/' ? '/transactions' : pathname
  // Before a merchant is chosen there is nowhere to go, so the shell shows no navigation at all.
  const withNavigation = areas.length > 0
  // The navigation's badges (their code and their reads) come a few seconds after the first paint.
  const badgesShown = useAfterFirstPaint()

  return (
    <div className={classes.root}>
      <header className={`${classes.header} ${FIXED_BAR_CLASS}`}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            {withNavigation ? (
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={opened ? t`Close navigation` : t`Open navigation`}
                aria-expanded={opened}
                aria-controls="portal-navigation"
              />
            ) : null}
            <UnstyledButton component={Link} to="/transactions" aria-label={t`${identity.productName} home`}>
              <Group gap="xs" wrap="nowrap">
                <BrandLogo brand={identity.brand} />
                <Text fw={700} size="md" visibleFrom="md" c="var(--mantine-primary-color-filled)">
                  {identity.productName}
                </Text>
              </Group>
            </UnstyledButton>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {headerEnd}
          </Group>
        </Group>
      </header>

      {withNavigation ? (
        <nav
          id="portal-navigation"
          aria-label={t`Main navigation`}
          className={classes.navbar}
          data-opened={opened || undefined}
        >
          <div className={classes.areas}>
            {areas.map((area) => {
              const Icon = area.icon
              const Badge = area.badge
              const active = isCurrent(area, current)
              const link = (
                <NavItem
                  key={area.to}
                  to={area.to}
                  label={i18n._(area.label)}
                  icon={Icon ? <Icon size={18} aria-hidden /> : null}
                  active={active}
                  onClick={close}
                  className={classes.area}
                />
              )
              // The badge is a link of its own beside the item's, not inside it.
              return Badge && badgesShown ? (
                <Box key={area.to} pos="relative">
                  {link}
                  <Suspense fallback={null}>
                    <Badge onNavigate={close} />
                  </Suspense>
                </Box>
              ) : (
                link
              )
            })}
          </div>
          {navigationFooter ? (
            <Box hiddenFrom="sm" pt="sm">
              {navigationFooter}
            </Box>
          ) : null}
        </nav>
      ) : null}

      <main id="main-content" className={classes.main} data-with-navigation={withNavigation || undefined}>
        <OfflineBanner />
        {children}
      </main>
    </div>
  )
}
