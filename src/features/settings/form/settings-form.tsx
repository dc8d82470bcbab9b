import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Stack } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { getRouteApi } from '@tanstack/react-router'
import { type ReactNode, useState } from 'react'
import { isMerchantMismatch } from '../../../api/api-error'
import { useServices } from '../../../app/services-context'
import { useSwitchTabBack } from '../../../merchant/use-switch-merchant'
import { saveErrorMessage } from './save-error'
import { useUnsavedChangesGuard } from './unsaved-changes'
import type { SettingsForm as Form } from './use-settings-form'

interface SettingsFormProps<TValues> {
  form: Form<TValues>
  /** Names the form for assistive technology, e.g. the section's title. */
  label: string
  children: ReactNode
  /** Replaces the default "Save changes" text. */
  submitLabel?: ReactNode
}

/**
 * The frame of every settings form: the fields, the save error (the input stays as typed), the
 * save and undo buttons, and the unsaved-changes guard.
 */
export function SettingsForm<TValues>({ form, label, children, submitLabel }: SettingsFormProps<TValues>) {
  const { i18n } = useLingui()
  const guard = useUnsavedChangesGuard(form.dirty, form.discard)
  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate aria-label={label}>
      <Stack gap="lg">
        {children}
        {form.saveError ? (
          <Alert
            variant="light"
            color="red"
            icon={<IconAlertTriangle aria-hidden="true" />}
            title={<Trans>Your changes were not saved.</Trans>}
          >
            {saveErrorMessage(form.saveError, i18n)}
            {isMerchantMismatch(form.saveError) ? <SwitchBackButton /> : null}
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

const authed = getRouteApi('/_authed')

/** After another tab switched merchant, takes this tab's merchant back so that the input can be saved. */
function SwitchBackButton() {
  const { t } = useLingui()
  const { alerts } = useServices()
  const { merchant } = authed.useRouteContext()
  const switchBack = useSwitchTabBack()
  const [busy, setBusy] = useState(false)
  const name = merchant?.name ?? ''

  async function onClick() {
    setBusy(true)
    try {
      await switchBack()
      alerts.show({
        status: 'SUCCESS',
        message: t`This tab acts for ${name} again. You can save your changes now.`,
      })
    } catch {
      // The exchange reports its own failure in an alert.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Group mt="sm">
      <Button variant="white" color="red" size="xs" loading={busy} onClick={() => void onClick()}>
        <Trans>Switch this tab back to {name}</Trans>
      </Button>
    </Group>
  )
}
