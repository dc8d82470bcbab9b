import { Trans } from '@lingui/react/macro'
import { Alert, Button, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { BRAND_IDENTITIES } from '../../../brand/brands'
import { useServices } from '../../../services/services-context'
import { AuthLayout } from '../../../ui/auth-layout'

interface LoginPageProps {
  returnTo: string
}

export function LoginPage({ returnTo }: LoginPageProps) {
  const { session, config } = useServices()
  const [redirecting, setRedirecting] = useState(false)
  const timedOut = session.signOutReason() === 'idle'
  const idleMinutes = config.get('idleTimeoutMinutes')
  // The sign-in page shows the default brand: the tenant, and so the brand, is known only after sign-in.
  const identity = BRAND_IDENTITIES.DEFAULT

  async function signIn() {
    setRedirecting(true)
    try {
      await session.startSignIn(returnTo)
    } catch {
      // The session showed the error alert.
      setRedirecting(false)
    }
  }

  return (
    <AuthLayout>
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
        {timedOut ? (
          <Alert color="blue" variant="light" title={<Trans>You were signed out</Trans>}>
            <Trans>
              There was no activity for {idleMinutes} minutes, so your session ended to keep your account
              safe. Sign in again to carry on where you were.
            </Trans>
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed">
          <Trans>Trouble signing in? Contact the Merchant Success team.</Trans>
        </Text>
      </Stack>
    </AuthLayout>
  )
}
