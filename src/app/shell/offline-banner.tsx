import { Trans } from '@lingui/react/macro'
import { Group, Text } from '@mantine/core'
import { IconWifiOff } from '@tabler/icons-react'
import { useRouter } from '@tanstack/react-router'
import { useEffect, useSyncExternalStore } from 'react'
import { isForbiddenError } from '../../guards/forbidden-error'
import { useServices } from '../../services/services-context'
import { useOnline } from '../../ui/use-online'

/**
 * Says so while the browser is offline (or the session cannot be renewed for now), and picks up where the user left off when it is back.
 * TanStack Query already holds reads and saves while offline and sends them on reconnecting, and
 * refetches the queries that failed; a page whose loader failed meanwhile (its 'Oops...' box) is loaded
 * again here. The live region is always there, so that a screen reader announces both changes.
 */
export function OfflineBanner() {
  const online = useOnline()
  const { session } = useServices()
  // Renewals failing while the browser says it is online: the identity provider is down or slow.
  const renewing = useSyncExternalStore(
    (listener) => session.health.subscribe(listener),
    () => session.health.failures() > 0,
  )
  const router = useRouter()

  useEffect(() => {
    const resume = () => {
      const failed = (match: { status: string; error: unknown }) =>
        match.status === 'error' && !isForbiddenError(match.error)
      if (router.state.matches.some(failed)) void router.invalidate({ filter: failed })
    }
    window.addEventListener('online', resume)
    return () => window.removeEventListener('online', resume)
  }, [router])

  return (
    <div role="status">
      {online && !renewing ? null : (
        <Group
          wrap="nowrap"
          align="flex-start"
          gap="sm"
          mb="md"
          p="sm"
          bg="yellow.0"
          bd="1px solid var(--mantine-color-yellow-5)"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <IconWifiOff size={20} aria-hidden="true" style={{ flex: 'none' }} />
          <Text size="sm">
            {online ? (
              <Trans>
                <strong>The sign-in service cannot be reached right now.</strong> You stay signed in and what
                you typed is kept; the portal keeps trying and carries on as soon as it answers.
              </Trans>
            ) : (
              <Trans>
                <strong>You are offline.</strong> Check your connection: what you see stays on screen, and the
                portal carries on where you left off as soon as you are back online.
              </Trans>
            )}
          </Text>
        </Group>
      )}
    </div>
  )
}
