import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { needsFreshSignIn } from '../../../auth/step-up'
import { StepUpPrompt } from '../../../shared/form/step-up-prompt'
import type { StepUp } from '../../../shared/form/use-step-up'
import { keyErrorMessage } from './key-errors'
import type { KeyStepUp } from './key-step-up'

interface KeyDialogFooterProps {
  /** What the last submit threw, or null. */
  failure: unknown
  stepUp: StepUp<KeyStepUp>
  /** What to keep through a fresh sign-in when the platform asks for one. */
  resume: KeyStepUp
  pending: boolean
  submitLabel: ReactNode
  onCancel: () => void
}

/**
 * The end of a step-up key write's form (create, rotate): the fresh sign-in prompt or the refusal in
 * words, then Cancel and the submit button.
 */
export function KeyDialogFooter({
  failure,
  stepUp,
  resume,
  pending,
  submitLabel,
  onCancel,
}: KeyDialogFooterProps) {
  const { i18n } = useLingui()
  return (
    <>
      {needsFreshSignIn(failure) ? (
        <StepUpPrompt leaving={stepUp.leaving} onSignIn={() => stepUp.signInAgain(resume)} />
      ) : failure ? (
        <Alert variant="light" color="red" role="alert" icon={<IconAlertTriangle aria-hidden="true" />}>
          {keyErrorMessage(failure, i18n)}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  )
}
