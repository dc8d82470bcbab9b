import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { useMemo } from 'react'
import { VIRTUAL_CARD_LIMITS, VIRTUAL_CARD_VALID_HOURS } from '../../../../contract/virtual-cards'
import { isApiError } from '../../../api/api-error'
import type { Merchant } from '../../../api/schemas/merchants'
import type { Program } from '../../../api/schemas/programs'
import { needsFreshSignIn } from '../../../auth/step-up'
import { StepUpPrompt, StepUpResumed } from '../../../shared/form/step-up-prompt'
import { useDraft } from '../../../shared/form/use-draft'
import { useSchemaForm } from '../../../shared/form/use-schema-form'
import { useStepUp } from '../../../shared/form/use-step-up'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { useIssueVirtualCard } from '../api/virtual-cards'
import { ISSUE_STEP_UP, issueDraftShape } from '../issue-draft'
import { emptyIssueDraft, type IssueFieldError, issueDraftSchema } from '../issue-form'
import { IssuedCard } from './issued-card'

export interface IssueCardDialogProps {
  merchant: Merchant
  /** The merchant's in-store virtual card programs (at least one). */
  programs: readonly Program[]
  format: MerchantFormat
  onClose(): void
}

/**
 * Issues one card: the form, then the card. Mounted fresh for every opening. Each distinct request gets
 * its own idempotency key for the life of the dialog, so a double click or a retry after a lost answer
 * issues at most one card, while a corrected amount is a new request.
 */
export default function IssueCardDialog({ merchant, programs, format, onClose }: IssueCardDialogProps) {
  const { t } = useLingui()
  const programIds = useMemo(() => programs.map((program) => program.id), [programs])
  const schema = useMemo(() => issueDraftSchema(programIds), [programIds])
  const mutation = useIssueVirtualCard(merchant.id)
  // Issuance needs a recent sign-in: back from it, the values typed before, to confirm once more.
  const stepUp = useStepUp({ key: ISSUE_STEP_UP, schema: issueDraftShape })
  const resumed = stepUp.resumed
  const form = useSchemaForm({
    initialValues: resumed ?? emptyIssueDraft(programIds),
    schema,
    save: (request) => {
      stepUp.check()
      return mutation.mutateAsync(request)
    },
  })
  const signInNeeded = needsFreshSignIn(form.saveError)

  const draft = useDraft(form, { key: 'virtual-cards:issue', schema: issueDraftShape })

  const min = format.money(VIRTUAL_CARD_LIMITS.minCents)
  const max = format.money(VIRTUAL_CARD_LIMITS.maxCents)
  const errorText = (error: string | undefined): string | null => {
    switch (error as IssueFieldError | undefined) {
      case 'required':
        return t`Enter the card’s amount.`
      case 'amount':
        return t`Enter an amount such as 250.00.`
      case 'tooSmall':
        return t`A card is for at least ${min}.`
      case 'tooLarge':
        return t`A card is for at most ${max}.`
      case 'program':
        return t`Choose a program.`
      case undefined:
        return null
    }
  }
  // A field speaks up once it has been left or the form submitted; the amount also as soon as what is
  // typed cannot become valid by typing on (letters, too many digits).
  const amountError = form.errors.amount
  const typing = form.values.amount.trim() !== '' && amountError !== 'tooSmall'
  const amountShown = form.errorOf('amount') ?? (typing ? amountError : undefined)

  const card = mutation.data
  const programName = (id: string) => programs.find((program) => program.id === id)?.name ?? id

  const refusal = mutation.error
  const lostAnswer = isApiError(refusal) && (refusal.kind === 'network' || refusal.kind === 'timeout')
  const refused = isApiError(refusal) && refusal.kind === 'http' && (refusal.status ?? 500) < 500
  const refusalText =
    refusal === null || signInNeeded
      ? null
      : isApiError(refusal) && refusal.serverError
        ? refusal.serverError.message
        : lostAnswer
          ? t`We could not reach the platform, so we do not know whether the card was issued. Try again: the same card is never issued twice.`
          : t`The platform could not issue the card. Try again.`

  return (
    <Modal
      opened
      onClose={onClose}
      title={card ? t`Virtual card issued` : t`Issue a virtual card`}
      centered
      size="md"
      // Once the card is on screen, only a deliberate Done or Close puts it away.
      closeOnClickOutside={!card && !mutation.isPending}
    >
      {card ? (
        <IssuedCard card={card} programName={programName(card.programID)} format={format} onDone={onClose} />
      ) : (
        <form ref={form.formRef} onSubmit={form.submit} noValidate aria-label={t`Issue a virtual card`}>
          <Stack gap="md">
            {draft}
            {resumed ? (
              <StepUpResumed>
                <Trans>You signed in again. Check the card, then select Issue card to issue it.</Trans>
              </StepUpResumed>
            ) : null}
            <Select
              label={t`Program`}
              data={programs.map((program) => ({ value: program.id, label: program.name }))}
              value={form.values.programID || null}
              allowDeselect={false}
              required
              error={errorText(form.errorOf('programID'))}
              onChange={(value) => form.set('programID', value ?? '')}
              onBlur={() => form.touch('programID')}
            />
            <TextInput
              {...form.field('amount')}
              label={t`Amount`}
              description={t`From ${min} to ${max}`}
              inputMode="decimal"
              autoComplete="off"
              required
              data-autofocus
              leftSection={
                <Text span size="sm" c="dimmed" aria-hidden="true">
                  {format.currencySymbol}
                </Text>
              }
              error={errorText(amountShown)}
              styles={{ input: { color: 'var(--mantine-color-text)' } }}
            />
            <Text size="sm">
              <Trans>
                The card can be charged once, for up to this amount, within {VIRTUAL_CARD_VALID_HOURS} hours.
              </Trans>
            </Text>
            {signInNeeded ? (
              <StepUpPrompt leaving={stepUp.leaving} onSignIn={() => stepUp.signInAgain(form.values)} />
            ) : null}
            {refusalText ? (
              <Alert
                color="red"
                variant="light"
                role="alert"
                icon={<IconAlertCircle aria-hidden="true" />}
                title={refused ? t`The platform refused this card` : t`The card may not have been issued`}
              >
                <Text size="sm">{refusalText}</Text>
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={form.submitting}>
                <Trans>Cancel</Trans>
              </Button>
              <Button type="submit" loading={form.submitting}>
                <Trans>Issue card</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  )
}
