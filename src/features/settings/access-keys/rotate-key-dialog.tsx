import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Modal, Radio, Stack, Text } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { ROTATION_GRACE_HOURS, type RotationGraceHours } from '../../../../contract/access-keys'
import type { AccessKey, IssuedAccessKey } from '../../../api/schemas/settings'
import { StepUpResumed } from '../../../shared/form/step-up-prompt'
import type { StepUp } from '../../../shared/form/use-step-up'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { useRotateKey } from './access-keys-api'
import { KeyDialogFooter } from './key-dialog-footer'
import type { KeyStepUp } from './key-step-up'
import { NewSecret } from './new-secret'

interface RotateKeyDialogProps {
  merchantId: string
  accessKey: AccessKey
  format: MerchantFormat
  stepUp: StepUp<KeyStepUp>
  /** The grace period chosen before a fresh sign-in, to confirm once more; null for a fresh choice. */
  resumedGrace: RotationGraceHours | null
  onClose: () => void
}

/**
 * Replaces a key's secret: a new key of the same name and environment, its secret shown this once, and
 * the old one working on for the grace period chosen (none, 1 hour, 24 hours or 7 days).
 */
export function RotateKeyDialog({
  merchantId,
  accessKey,
  format,
  stepUp,
  resumedGrace,
  onClose,
}: RotateKeyDialogProps) {
  const { t } = useLingui()
  const [grace, setGrace] = useState<RotationGraceHours>(resumedGrace ?? 24)
  const [failure, setFailure] = useState<unknown>(null)
  const [issued, setIssued] = useState<IssuedAccessKey | null>(null)
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const rotate = useRotateKey(merchantId, accessKey.id)
  const name = accessKey.name
  const graceLabels: Record<RotationGraceHours, string> = {
    0: t`None: the old secret stops working at once`,
    1: t`1 hour`,
    24: t`24 hours`,
    168: t`7 days`,
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    try {
      stepUp.check()
      const answer = await rotate.mutateAsync({ input: grace, idempotencyKey })
      rotate.reset()
      setIssued(answer)
    } catch (error) {
      setFailure(error)
    }
  }

  const until = issued?.previous?.expiresAt
  return (
    <Modal
      opened
      onClose={onClose}
      title={issued ? t`Key rotated` : t`Rotate ${name}`}
      centered
      closeOnClickOutside={!issued && !rotate.isPending}
    >
      {issued ? (
        <NewSecret issued={issued} onDone={onClose}>
          <Text size="sm" role="status">
            {until ? (
              <Trans>The old secret keeps working until {format.dateTime(until)}.</Trans>
            ) : (
              <Trans>The old secret no longer works.</Trans>
            )}
          </Text>
        </NewSecret>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t`Rotate ${name}`}>
          <Stack gap="md">
            {resumedGrace !== null ? (
              <StepUpResumed>
                <Trans>You signed in again. Check the grace period, then select Rotate key.</Trans>
              </StepUpResumed>
            ) : null}
            <Text size="sm">
              <Trans>
                A new secret replaces this key’s. Systems using the old secret need the new one before the
                grace period ends.
              </Trans>
            </Text>
            <Radio.Group
              label={t`Grace period for the old secret`}
              value={String(grace)}
              onChange={(value) => {
                const hours = ROTATION_GRACE_HOURS.find((option) => String(option) === value)
                if (hours !== undefined) setGrace(hours)
              }}
            >
              <Stack gap="xs" mt="xs">
                {ROTATION_GRACE_HOURS.map((hours) => (
                  <Radio key={hours} value={String(hours)} label={graceLabels[hours]} />
                ))}
              </Stack>
            </Radio.Group>
            <KeyDialogFooter
              failure={failure}
              stepUp={stepUp}
              resume={{ action: 'rotate', keyID: accessKey.id, graceHours: grace }}
              pending={rotate.isPending}
              submitLabel={<Trans>Rotate key</Trans>}
              onCancel={onClose}
            />
          </Stack>
        </form>
      )}
    </Modal>
  )
}
