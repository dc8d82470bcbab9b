import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Box, Button, Divider, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core'
import { IconFlask } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import * as v from 'valibot'
import { SignInError } from '../../../auth/session-failure'
import { signInFailed } from '../../../auth/sign-in-failure'
import { useServices } from '../../../services/services-context'

const personasSchema = v.object({
  personas: v.array(v.object({ username: v.string(), description: v.optional(v.string()) })),
})
const sessionSchema = v.object({ providerAccessToken: v.string() })

async function sandboxJson<S extends v.GenericSchema>(schema: S, path: string, init?: RequestInit) {
  const response = await fetch(`/__sandbox${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json' },
  })
  if (!response.ok) throw new Error(`sandbox answered ${response.status}`)
  return v.parse(schema, await response.json())
}

interface AdminLoginPageProps {
  returnTo: string
}

/**
 * Replaces the sign-in page when fake authentication is on (never in production): a developer
 * picks a sandbox persona or pastes a provider token, which stands in for the provider's.
 */
export function AdminLoginPage({ returnTo }: AdminLoginPageProps) {
  const { session, alerts, log } = useServices()
  const navigate = useNavigate()
  const { t, i18n } = useLingui()
  const personas = useQuery({
    queryKey: ['sandbox-personas'],
    queryFn: () => sandboxJson(personasSchema, '/'),
    retry: false,
  })
  const [persona, setPersona] = useState<string | null>(null)
  const [pasted, setPasted] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  function fakeSignInFailed(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    log('error', 'Fake sign-in failed', { reason })
    signInFailed(alerts, i18n, reason)
  }

  async function signInWith(token: string) {
    setBusy(true)
    setError(null)
    try {
      await session.signInWithAdminToken(token.trim())
      await navigate({ href: returnTo, replace: true })
    } catch (cause) {
      // The session has shown and logged its own failures.
      if (!(cause instanceof SignInError)) fakeSignInFailed(cause)
    } finally {
      setBusy(false)
    }
  }

  async function signInAsPersona(event: FormEvent) {
    event.preventDefault()
    if (!persona) {
      setError(t`Choose a persona first.`)
      return
    }
    try {
      const { providerAccessToken } = await sandboxJson(sessionSchema, '/session', {
        method: 'POST',
        body: JSON.stringify({ username: persona }),
      })
      await signInWith(providerAccessToken)
    } catch (cause) {
      fakeSignInFailed(cause)
    }
  }

  return (
    <Box component="main" mih="100vh" bg="var(--mantine-color-gray-0)" py="xl" px="md">
      <Paper maw={520} mx="auto" p="xl" radius="lg" withBorder shadow="sm">
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1} size="h2">
              <Trans>Developer sign-in</Trans>
            </Title>
            <Alert color="yellow" variant="light" icon={<IconFlask aria-hidden="true" />}>
              <Trans>
                Fake authentication is on. This page replaces the sign-in page outside production.
              </Trans>
            </Alert>
          </Stack>
          {error ? (
            <Alert color="red" role="alert" title={t`Sign-in failed`}>
              {error}
            </Alert>
          ) : null}
          <form onSubmit={signInAsPersona}>
            <Stack gap="sm">
              <Select
                label={t`Sandbox persona`}
                placeholder={
                  personas.isError ? t`The sandbox persona list is unavailable` : t`Choose a persona`
                }
                data={(personas.data?.personas ?? []).map((p) => ({ value: p.username, label: p.username }))}
                value={persona}
                onChange={setPersona}
                disabled={!personas.data}
              />
              <Button type="submit" loading={busy} disabled={!personas.data}>
                <Trans>Sign in as persona</Trans>
              </Button>
            </Stack>
          </form>
          <Divider label={t`or`} />
          <form
            onSubmit={(event) => {
              event.preventDefault()
              if (pasted.trim()) void signInWith(pasted)
              else setError(t`Paste a token first.`)
            }}
          >
            <Stack gap="sm">
              <Textarea
                label={t`Provider access token`}
                description={t`Kept as the admin token in this browser until you sign out.`}
                rows={4}
                value={pasted}
                onChange={(event) => setPasted(event.currentTarget.value)}
              />
              <Button type="submit" variant="light" loading={busy}>
                <Trans>Use this token</Trans>
              </Button>
            </Stack>
          </form>
          <Text size="xs" c="dimmed">
            <Trans>Tokens never leave this browser except to the token exchange.</Trans>
          </Text>
        </Stack>
      </Paper>
    </Box>
  )
}
