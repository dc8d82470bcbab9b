import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Modal, SegmentedControl, Stack, TextInput } from '@mantine/core'
import { type FormEvent, useId, useState } from 'react'
import { ACCESS_KEY_NAME_MAX } from '../../../../contract/access-keys'
import type { KeyEnvironment } from '../../../../contract/settings'
import type { IssuedAccessKey } from '../../../api/schemas/settings'
import { StepUpResumed } from '../../../shared/form/step-up-prompt'
import type { StepUp } from '../../../shared/form/use-step-up'
import { useCreateKey } from './access-keys-api'
import { KeyDialogFooter } from './key-dialog-footer'
import type { CreateStepUp, KeyStepUp } from './key-step-up'
import { NewSecret } from './new-secret'

interface CreateKeyDialogProps {
  merchantId: string
  stepUp: StepUp<KeyStepUp>
  /** What was typed before a fresh sign-in, to confirm once more. */
  resumed: CreateStepUp | null
  onClose: () => void
}

/** Names a new key and its environment, then shows its secret this once. */
export function CreateKeyDialog({ merchantId, stepUp, resumed, onClose }: CreateKeyDialogProps) {
  const { t } = useLingui()
  const environmentLabel = useId()
  const [name, setName] = useState(resumed?.name ?? '')
  const [environment, setEnvironment] = useState<KeyEnvironment>(resumed?.environment ?? 'SANDBOX')
  const [nameError, setNameError] = useState<string | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [issued, setIssued] = useState<IssuedAccessKey | null>(null)
  // One request per opening: a retry after a lost answer is not a second key.
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const create = useCreateKey(merchantId)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const trimmed = name.trim()
    if (trimmed === '' || trimmed.length > ACCESS_KEY_NAME_MAX) {
      setNameError(t`Enter a name of 1 to ${ACCESS_KEY_NAME_MAX} characters.`)
      return
    }
    setNameError(null)
    setFailure(null)
    try {
      stepUp.check()
      const answer = await create.mutateAsync({ input: { name: trimmed, environment }, idempotencyKey })
      // The secret lives in this dialog's state alone, not in the mutation.
      create.reset()
      setIssued(answer)
    } catch (error) {
      setFailure(error)
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      title={issued ? t`Key created` : t`Create an access key`}
      centered
      closeOnClickOutside={!issued && !create.isPending}
    >
      {issued ? (
        <NewSecret issued={issued} onDone={onClose} />
      ) : (
        <form onSubmit={submit} noValidate aria-label={t`Create an access key`}>
          <Stack gap="md">
            {resumed ? (
              <StepUpResumed>
                <Trans>You signed in again. Check the key, then select Create key to create it.</Trans>
              </StepUpResumed>
            ) : null}
            <TextInput
              label={t`Key name`}
              description={t`Say what uses it, e.g. “Web checkout”`}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              maxLength={ACCESS_KEY_NAME_MAX}
              required
              data-autofocus
              error={nameError}
            />
            <Stack gap={4}>
              <span
                id={environmentLabel}
                style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500 }}
              >
                <Trans>Environment</Trans>
              </span>
              <SegmentedControl
                aria-labelledby={environmentLabel}
                value={environment}
                onChange={(value) => setEnvironment(value === 'PRODUCTION' ? 'PRODUCTION' : 'SANDBOX')}
                data={[
                  { value: 'SANDBOX', label: t`Sandbox` },
                  { value: 'PRODUCTION', label: t`Production` },
                ]}
              />
            </Stack>
            <KeyDialogFooter
              failure={failure}
              stepUp={stepUp}
              resume={{ action: 'create', name, environment }}
              pending={create.isPending}
              submitLabel={<Trans>Create key</Trans>}
              onCancel={onClose}
            />
          </Stack>
        </form>
      )}
    </Modal>
  )
}
