import { Plural, Trans } from '@lingui/react/macro'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useServices } from '../../services/services-context'
import { type IdleState, type IdleWatch, inOneTab, watchIdleTime } from '../idle-timeout'

function secondsUntil(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
}

/** Counts down to the deadline, once a second. */
function useSecondsLeft(deadline: number | null): number {
  const [seconds, setSeconds] = useState(() => (deadline === null ? 0 : secondsUntil(deadline)))
  useEffect(() => {
    if (deadline === null) return
    setSeconds(secondsUntil(deadline))
    const interval = setInterval(() => setSeconds(secondsUntil(deadline)), 1000)
    return () => clearInterval(interval)
  }, [deadline])
  return seconds
}

/**
 * Ends a session left without input in every tab for the configured time: a dialog counts down the
 * last minute, and "Stay signed in" (or any input, in any tab) keeps the session.
 */
export function IdleWarning() {
  const { config, storage, session } = useServices()
  const [state, setState] = useState<IdleState>({ phase: 'active' })
  const watch = useRef<IdleWatch | null>(null)

  useEffect(() => {
    const current = watchIdleTime({
      storage,
      timeoutMs: config.idleTimeoutMinutes * 60_000,
      events: window,
      onChange: (next) => {
        setState(next)
        if (next.phase === 'timed-out') {
          inOneTab(
            () => session.signOut('idle'),
            () => session.signOutHere('idle'),
          )
        }
      },
    })
    watch.current = current
    return () => {
      current.stop()
      watch.current = null
    }
  }, [config.idleTimeoutMinutes, storage, session])

  const deadline = state.phase === 'warning' ? state.deadline : null
  const seconds = useSecondsLeft(deadline)

  return (
    <Modal
      opened={deadline !== null}
      onClose={() => watch.current?.stay()}
      title={<Trans>Are you still there?</Trans>}
      centered
      withCloseButton={false}
    >
      <Stack gap="md">
        <Text>
          <Trans>For your security you will be signed out when the time below runs out.</Trans>
        </Text>
        <Text fw={700} size="xl" role="timer" aria-atomic="true">
          <Plural value={seconds} one="# second left" other="# seconds left" />
        </Text>
        <Group justify="flex-end">
          <Button data-autofocus onClick={() => watch.current?.stay()}>
            <Trans>Stay signed in</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
