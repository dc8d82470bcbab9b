import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconAlertCircle } from '@tabler/icons-react'
import { LOCATION_STATUSES, type LocationStatus } from '../../../../contract/locations'
import { isApiError } from '../../../api/api-error'
import { isKnown, type Open } from '../../../api/schemas/common'
import type { Location } from '../../../api/schemas/locations'
import { useServices } from '../../../services/services-context'
import { useDraft } from '../../../shared/form/use-draft'
import { useSchemaForm } from '../../../shared/form/use-schema-form'
import { openLabel } from '../../../ui/open-value'
import { useUpdateLocation } from '../api/location-queries'
import { LOCATION_STATUS_LABELS, WEEKDAY_LABELS } from '../labels'
import {
  type LocationFieldError,
  locationDraftSchema,
  locationDraftShape,
  locationToDraft,
} from '../location-form'

/** What was typed stays readable in an invalid field; the red border and the message mark the error. */
const INPUT_STYLES = { input: { color: 'var(--mantine-color-text)' } } as const

/** Edits one store's name, phone, status and weekly hours; full screen on a phone. */
export function EditLocationModal({ location, onClose }: { location: Location; onClose(): void }) {
  const { t, i18n } = useLingui()
  const { alerts } = useServices()
  const phone = useMediaQuery('(max-width: 48em)')
  const update = useUpdateLocation(location.merchantID)
  const form = useSchemaForm({
    initialValues: locationToDraft(location),
    schema: locationDraftSchema,
    save: (changes) =>
      update.mutateAsync(
        { id: location.id, update: changes },
        {
          onSuccess: () => {
            const name = changes.name
            alerts.show({ status: 'SUCCESS', message: t`Saved ${name}.` })
            onClose()
          },
        },
      ),
  })
  const draft = useDraft(form, { key: `locations:edit:${location.id}`, schema: locationDraftShape })
  // A status the portal does not know is offered as it is, so saving other changes keeps it.
  const statusOptions: readonly Open<LocationStatus>[] = isKnown(LOCATION_STATUSES, location.status)
    ? LOCATION_STATUSES
    : [...LOCATION_STATUSES, location.status]
  const errorText = (code: string | undefined): string | null => {
    switch (code as LocationFieldError | undefined) {
      case 'required':
        return t`Required.`
      case 'tooLong':
        return t`Too long.`
      case 'phone':
        return t`Enter a US phone number with area code, such as (303) 555-0142.`
      case 'time':
        return t`Enter a time such as 09:00.`
      case 'order':
        return t`Closing time must be after opening time.`
      case undefined:
        return null
    }
  }
  const field = (path: string) => {
    const props = form.field(path)
    return { ...props, error: errorText(form.errorOf(path)), styles: INPUT_STYLES }
  }

  const refusal = update.error
  const storeName = location.name
  return (
    <Modal
      opened
      onClose={onClose}
      title={t`Edit ${storeName}`}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form ref={form.formRef} onSubmit={form.submit} noValidate>
        <Stack gap="md">
          {draft}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t`Store name`} required data-autofocus {...field('name')} />
            <TextInput label={t`Phone`} type="tel" required {...field('phone')} />
          </SimpleGrid>
          <Select
            label={t`Status`}
            description={t`Closed stores are hidden from customers choosing where to pick up.`}
            data={statusOptions.map((status) => ({
              value: status,
              label: openLabel(i18n, LOCATION_STATUS_LABELS, status),
            }))}
            value={form.values.status}
            allowDeselect={false}
            onChange={(value) => {
              const status = statusOptions.find((candidate) => candidate === value)
              if (status) form.set('status', status)
            }}
          />
          <Text fw={600} size="sm">
            <Trans>Opening hours (store’s local time)</Trans>
          </Text>
          <Stack gap="xs">
            {form.values.hours.map((hours, index) => (
              <Fieldset key={hours.day} legend={i18n._(WEEKDAY_LABELS[hours.day])} variant="filled" p="xs">
                <Group align="flex-start" gap="sm" wrap="wrap">
                  <Checkbox
                    label={t`Closed all day`}
                    mt={{ base: 0, xs: 30 }}
                    w={{ base: '100%', xs: 'auto' }}
                    {...form.field(`hours.${index}.closed`, { type: 'checkbox' })}
                  />
                  {hours.closed ? null : (
                    <>
                      <TextInput label={t`Opens`} type="time" w={140} {...field(`hours.${index}.opens`)} />
                      <TextInput label={t`Closes`} type="time" w={140} {...field(`hours.${index}.closes`)} />
                    </>
                  )}
                </Group>
              </Fieldset>
            ))}
          </Stack>
          {refusal ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertCircle aria-hidden="true" />}
              title={t`The location was not saved`}
            >
              {isApiError(refusal) && refusal.serverError
                ? refusal.serverError.message
                : t`The platform could not save this location. Your changes are still here: try again.`}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={form.submitting}>
              <Trans>Save location</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
