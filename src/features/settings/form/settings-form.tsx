import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Stack } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { needsFreshSignIn } from '../../../auth/step-up'
import { StepUpPrompt } from '../../../shared/form/step-up-prompt'
import { useUnsavedChangesGuard } from '../../../shared/form/unsaved-changes'
import { type DraftOptions, useDraft } from '../../../shared/form/use-draft'
import type { FormValues } from '../../../shared/form/use-schema-form'
import type { StepUp } from '../../../shared/form/use-step-up'
import { saveErrorMessage } from './save-error'
import type { SettingsForm as Form } from './use-settings-form'

interface SettingsFormProps<TValues extends FormValues> {
  form: Form<TValues>
  /** Names the form for assistive technology, e.g. the section's title. */
  label: string
  children: ReactNode
  /** Replaces the default "Save changes" text. */
  submitLabel?: ReactNode
  /** What is kept of the input when the session ends without a sign-out, to offer back after sign-in. */
  draft: DraftOptions<TValues>
  /** For a save that needs a recent sign-in: asked for in place when the save is refused for want of it. */
  stepUp?: StepUp<TValues>
  /** What the step-up keeps of the typed values, when not all of them. */
  stepUpKept?: ReactNode
}

/**
 * The frame of every settings form: the fields, the save error (the input stays as typed), the
 * save and undo buttons, the unsaved-changes guard and the offer of a draft kept when the session ended.
 */
export function SettingsForm<TValues extends FormValues>({
  form,
  label,
  children,
  submitLabel,
  draft,
  stepUp,
  stepUpKept,
}: SettingsFormProps<TValues>) {
  const { i18n } = useLingui()
  const guard = useUnsavedChangesGuard(form.dirty, form.discard)
  const offer = useDraft(form, draft)
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate aria-label={label}>
      <Stack gap="lg">
        {offer}
        {children}
        {stepUp && needsFreshSignIn(form.saveError) ? (
          <StepUpPrompt
            leaving={stepUp.leaving}
            onSignIn={() => stepUp.signInAgain(form.values)}
            kept={stepUpKept}
          />
        ) : form.saveError ? (
          <Alert
            variant="light"
            color="red"
            icon={<IconAlertTriangle aria-hidden="true" />}
            title={<Trans>Your changes were not saved.</Trans>}
          >
            {saveErrorMessage(form.saveError, i18n)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={form.discard} disabled={!form.dirty || form.submitting}>
            <Trans>Undo changes</Trans>
          </Button>
          <Button type="submit" loading={form.submitting} disabled={!form.dirty}>
            {submitLabel ?? <Trans>Save changes</Trans>}
          </Button>
        </Group>
      </Stack>
      {guard}
    </form>
  )
}
