import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Button, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconChartLine, IconReceipt2, IconShieldLock } from '@tabler/icons-react'
import { useState } from 'react'
import { useServices } from '../../../app/services-context'
import { BrandLogo } from '../../../brand/brand-logo'
import { BRAND_IDENTITIES } from '../../../brand/brands'
import { LanguagePicker } from '../../../i18n/language-picker'
import { useChangeLocale } from '../../../i18n/use-change-locale'
import classes from './login-page.module.css'

interface LoginPageProps {
  returnTo: string
}

export function LoginPage({ returnTo }: LoginPageProps) {
  const { session } = useServices()
  const changeLocale = useChangeLocale()
  const { t } = useLingui()
  const [redirecting, setRedirecting] = useState(false)
  const [failed, setFailed] = useState(false)
  // The sign-in page shows the default brand: the tenant, and so the brand, is known only after sign-in.
  const identity = BRAND_IDENTITIES.DEFAULT

  async function signIn() {
    setRedirecting(true)
    setFailed(false)
    try {
      await session.startSignIn(returnTo)
    } catch {
      setFailed(true)
      setRedirecting(false)
    }
  }

  return (
    <Box className={classes.layout}>
      <Box component="aside" className={classes.brandPanel} aria-label={t`About ${identity.productName}`}>
        <Group gap="sm" wrap="nowrap">
          <BrandLogo brand={identity.brand} size={40} />
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
          <Stack gap="lg">
            <Stack gap={6}>
              <Title order={1} size="h2">
                <Trans>Sign in</Trans>
              </Title>
              <Text c="dimmed">
                <Trans>Use your company account to open {identity.productName}.</Trans>
              </Text>
            </Stack>
            <Button size="md" fullWidth onClick={signIn} loading={redirecting}>
              <Trans>Sign in</Trans>
            </Button>
            {failed ? (
              <Text c="red.8" size="sm" role="alert">
                <Trans>The sign-in service could not be reached. Check your connection and try again.</Trans>
              </Text>
            ) : null}
            <Text size="sm" c="dimmed">
              <Trans>Trouble signing in? Contact the Merchant Success team.</Trans>
            </Text>
          </Stack>
        </Paper>
        <span />
      </Box>
    </Box>
  )
}
