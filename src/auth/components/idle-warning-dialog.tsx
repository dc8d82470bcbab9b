import '../../ui/mantine-later.css'
import { Plural, Trans } from '@lingui/react/macro'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useServices } from '../../services/services-context'

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

/** The last minute's dialog, with its count-down (shown by IdleWarning, src/auth/components/idle-warning.tsx). */
export function IdleWarningDialog({ deadline }: { deadline: number | null }) {
  const { idle } = useServices()
  const seconds = useSecondsLeft(deadline)

  return (
    <Modal
      opened={deadline !== null}
      onClose={() => idle.stay()}
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
          <Button data-autofocus onClick={() => idle.stay()}>
            <Trans>Stay signed in</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
