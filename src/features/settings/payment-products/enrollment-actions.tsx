import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Switch, Text } from '@mantine/core'
import { useState } from 'react'
import type { PaymentProductType } from '../../../../contract/payment-products'
import type { Enrollment } from '../../../api/schemas/payment-products'
import type { Program } from '../../../api/schemas/programs'
import { useServices } from '../../../services/services-context'
import { ConfirmDialog } from '../components/confirm-dialog'
import { saveErrorMessage } from '../form/save-error'
import { useSettingsContext } from '../use-settings-context'
import { offeredAtCheckout, useEnrollmentChange } from './payment-products-api'

/**
 * Enrolling in a program's payment product and removing the enrollment, each confirmed first, and
 * offering it at checkout or not, saved as the switch changes.
 */
export function EnrollmentActions({
  program,
  type,
  name,
  enrollment,
}: {
  program: Program
  type: PaymentProductType
  name: string
  enrollment: Enrollment | undefined
}) {
  const { t, i18n } = useLingui()
  const { alerts } = useServices()
  const { merchant } = useSettingsContext()
  const change = useEnrollmentChange(merchant.id, program.id)
  const [asking, setAsking] = useState<'enroll' | 'remove' | null>(null)
  const [offerError, setOfferError] = useState<unknown>(null)

  function close() {
    setAsking(null)
    change.reset()
  }

  function confirm() {
    if (asking === 'enroll') {
      change.mutate(
        { kind: 'create', type },
        {
          onSuccess: () => {
            setAsking(null)
            alerts.show({ status: 'SUCCESS', message: t`Enrolled in ${name} for ${program.name}.` })
          },
        },
      )
    } else if (asking === 'remove' && enrollment) {
      change.mutate(
        { kind: 'remove', enrollment },
        {
          onSuccess: () => {
            setAsking(null)
            alerts.show({
              status: 'SUCCESS',
              message: t`The ${name} enrollment for ${program.name} was removed.`,
            })
          },
        },
      )
    }
  }

  return (
    <Stack gap={4} align="flex-end">
      {enrollment ? (
        <Group gap="md" justify="flex-end">
          <Switch
            label={t`Offer at checkout`}
            checked={offeredAtCheckout(enrollment)}
            disabled={change.isPending}
            onChange={(event) => {
              const offered = event.currentTarget.checked
              setOfferError(null)
              change.mutate(
                { kind: 'offer', enrollment, offered },
                {
                  onSuccess: () =>
                    alerts.show({
                      status: 'SUCCESS',
                      message: offered
                        ? t`${name} is offered at checkout again.`
                        : t`${name} is no longer offered at checkout.`,
                    }),
                  onError: setOfferError,
                },
              )
            }}
          />
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => setAsking('remove')}>
            <Trans>Remove enrollment</Trans>
          </Button>
        </Group>
      ) : (
        <Button size="compact-sm" variant="light" onClick={() => setAsking('enroll')}>
          <Trans>Enroll</Trans>
        </Button>
      )}
      {offerError ? (
        <Text size="xs" c="red.8" role="alert">
          {saveErrorMessage(offerError, i18n)}
        </Text>
      ) : null}
      <ConfirmDialog
        opened={asking !== null}
        title={asking === 'remove' ? t`Remove the ${name} enrollment?` : t`Enroll in ${name}?`}
        confirmLabel={asking === 'remove' ? <Trans>Remove enrollment</Trans> : <Trans>Enroll</Trans>}
        danger={asking === 'remove'}
        pending={change.isPending}
        error={asking ? change.error : null}
        onConfirm={confirm}
        onCancel={close}
      >
        <Text>
          {asking === 'remove' ? (
            <Trans>
              Customers can no longer choose {name} in {program.name}. Purchases already made are not
              affected.
            </Trans>
          ) : (
            <Trans>
              Customers can choose {name} in {program.name} from now on, on the terms listed for it.
            </Trans>
          )}
        </Text>
      </ConfirmDialog>
    </Stack>
  )
}
