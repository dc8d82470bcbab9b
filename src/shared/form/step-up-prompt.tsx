import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Stack, Text } from '@mantine/core'
import { IconLock, IconLockCheck } from '@tabler/icons-react'
import { type ReactNode, useEffect, useId, useRef } from 'react'

interface StepUpPromptProps {
  onSignIn: () => void
  /** True once the browser is on its way to the provider. */
  leaving: boolean
  /** What is kept of the typed values, when not all of them are (the bank account's numbers). */
  kept?: ReactNode
}

/**
 * Asks, in place, for the fresh sign-in a step-up action needs: the platform refused it (or the
 * portal token says the last sign-in is too old). The button is focused when the prompt appears.
 */
export function StepUpPrompt({ onSignIn, leaving, kept }: StepUpPromptProps) {
  const { t } = useLingui()
  const titleId = useId()
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    button.current?.focus()
  }, [])
  return (
    <Alert
      color="blue"
      variant="light"
      role="region"
      aria-labelledby={titleId}
      icon={<IconLock aria-hidden="true" />}
      title={<span id={titleId}>{t`Sign in again to continue`}</span>}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          <Trans>
            For your security, this action needs a sign-in within the last 5 minutes. Sign in again and you
            come back here to confirm it; nothing is sent until you do.
          </Trans>
        </Text>
        <Text size="sm">{kept ?? <Trans>What you typed is kept.</Trans>}</Text>
        <Button ref={button} size="xs" onClick={onSignIn} loading={leaving}>
          <Trans>Sign in again</Trans>
        </Button>
      </Stack>
    </Alert>
  )
}

/** Says, above a form reopened after the fresh sign-in, that the action still waits for a click. */
export function StepUpResumed({ children }: { children: ReactNode }) {
  return (
    <Alert color="green" variant="light" role="status" icon={<IconLockCheck aria-hidden="true" />}>
      <Text size="sm">{children}</Text>
    </Alert>
  )
}
