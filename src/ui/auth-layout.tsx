import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Group, List, Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconChartLine, IconReceipt2, IconShieldLock } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { BrandLogo } from '../brand/brand-logo'
import { BRAND_IDENTITIES } from '../brand/brands'
import { LanguagePicker } from '../i18n/language-picker'
import { useChangeLocale } from '../i18n/use-change-locale'
import classes from './auth-layout.module.css'

/**
 * The two-panel frame of the pages people see before they are signed in (sign-in, password links):
 * the product pitch on one side, the page's card on the other.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  const changeLocale = useChangeLocale()
  const { t } = useLingui()
  // These pages show the default brand: the tenant, and so the brand, is known only after sign-in.
  const identity = BRAND_IDENTITIES.DEFAULT

  return (
    <Box className={classes.layout}>
      <Box component="aside" className={classes.brandPanel} aria-label={t`About ${identity.productName}`}>
        <Group gap="sm" wrap="nowrap">
          <BrandLogo brand={identity.brand} size={40} inverse />
          <Text fw={700} size="lg" c="white">
            {identity.productName}
          </Text>
        </Group>
        <Stack gap="lg" className={classes.pitch}>
          <Text size="xl" fw={600} c="white" lh={1.3}>
            <Trans>Everything your business needs to offer pay-over-time, in one place.</Trans>
          </Text>
          <List spacing="md" c="white" center>
            <List.Item
              icon={
                <ThemeIcon color="white" variant="light" radius="xl" aria-hidden="true">
                  <IconReceipt2 size={16} />
                </ThemeIcon>
              }
            >
              <Trans>Settle, refund and track every transaction</Trans>
            </List.Item>
            <List.Item
              icon={
                <ThemeIcon color="white" variant="light" radius="xl" aria-hidden="true">
                  <IconChartLine size={16} />
                </ThemeIcon>
              }
            >
              <Trans>See sales and settlements at a glance</Trans>
            </List.Item>
            <List.Item
              icon={
                <ThemeIcon color="white" variant="light" radius="xl" aria-hidden="true">
                  <IconShieldLock size={16} />
                </ThemeIcon>
              }
            >
              <Trans>Control who on your team can do what</Trans>
            </List.Item>
          </List>
        </Stack>
      </Box>

      <Box component="main" className={classes.formPanel}>
        <Group justify="flex-end" w="100%">
          <LanguagePicker onChange={changeLocale} compact />
        </Group>
        <Paper className={classes.card} p="xl" radius="lg" withBorder shadow="sm">
          {children}
        </Paper>
        <span />
      </Box>
    </Box>
  )
}
