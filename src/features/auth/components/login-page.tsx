import { Trans } from '@lingui/react/macro'
import { Button, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useServices } from '../../../app/services-context'
import { BRAND_IDENTITIES } from '../../../brand/brands'
import { AuthLayout } from '../../../ui/auth-layout'

interface LoginPageProps {
  returnTo: string
}

export function LoginPage({ returnTo }: LoginPageProps) {
  const { session } = useServices()
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
        {failed ? (
          <Text c="red.8" size="sm" role="alert">
            <Trans>The sign-in service could not be reached. Check your connection and try again.</Trans>
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          <Trans>Trouble signing in? Contact the Merchant Success team.</Trans>
        </Text>
      </Stack>
    </AuthLayout>
  )
}
