import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useId } from 'react'
import * as v from 'valibot'
import type { TransactionAction } from '../../../../contract/transactions'
import { useAlerts } from '../../../alerts/alert-host'
import type { Transaction, TransactionListItem } from '../../../api/schemas/transactions'
import { typedText } from '../../../drafts/typed-text'
import { useDraft } from '../../../shared/form/use-draft'
import { useSchemaForm } from '../../../shared/form/use-schema-form'
import { type AmountProblem, amountProblem, parseAmount } from '../../../shared/money'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { useTransactionAction } from '../api/transaction-actions'
import { actionLimit } from '../lifecycle'
import { actionRefusalText } from './action-refusal'
import { outcomeUnknown } from './dispute-refusal'

type ActionValues = { mode: 'full' | 'partial'; amount: string }

/** The amount as typed, for a draft kept across a sign-in (src/drafts). */
const actionDraftShape = v.strictObject({ mode: v.picklist(['full', 'partial']), amount: typedText })

interface ActionDialogProps {
  merchantId: string
  transaction: TransactionListItem
  action: TransactionAction
  format: MerchantFormat
  onClose(): void
}

/**
 * Confirms one action on one transaction. The write's idempotency key lives with what the write is, not
 * with the dialog (see useTransactionAction): a double click, a retry after a lost answer, or the same
 * action from the dialog opened again can never act twice.
 */
export function ActionDialog({ merchantId, transaction, action, format, onClose }: ActionDialogProps) {
  const { t, i18n } = useLingui()
  const alerts = useAlerts()
  const mutation = useTransactionAction(merchantId)
  const amountId = useId()

  const limit = actionLimit(transaction, action)
  const id = transaction.id
  const limitText = format.money(limit)

  const problemText = (value: AmountProblem): string => {
    switch (value) {
      case 'required':
        return t`Enter the amount.`
      case 'invalid':
        return t`Enter an amount such as 25.00.`
      case 'zero':
        return t`Enter an amount above zero.`
      case 'above':
        return action === 'refund'
          ? t`You can refund at most ${limitText}.`
          : t`You can settle at most ${limitText}.`
    }
  }
  // A part of the amount must be money within the limit; the whole amount needs no input.
  const schema = v.pipe(
    v.object({ mode: v.picklist(['full', 'partial']), amount: v.string() }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || action === 'cancel' || dataset.value.mode === 'full') return
      const problem = amountProblem(dataset.value.amount, limit)
      if (!problem) return
      const { value } = dataset
      addIssue({
        message: problemText(problem),
        path: [{ type: 'object', origin: 'value', input: value, key: 'amount', value: value.amount }],
      })
    }),
  )
  const form = useSchemaForm({
    initialValues: { mode: 'full', amount: '' },
    schema,
    showErrors: 'while-typing',
    save: async (values: ActionValues) => {
      const cents = values.mode === 'partial' ? parseAmount(values.amount) : null
      const updated: Transaction = await mutation.mutateAsync({ id, action, amount: cents ?? undefined })
      const remaining = format.money(updated.amounts.remaining)
      const messages: Record<TransactionAction, string> = {
        settle: t`Settled ${amountTextFormatted} on ${id}.`,
        refund: t`Refunded ${amountTextFormatted} on ${id}. Remaining: ${remaining}.`,
        cancel: t`Cancelled the authorization ${id}.`,
      }
      alerts.show({ status: 'SUCCESS', message: messages[action] })
      onClose()
    },
  })

  const draft = useDraft(form, { key: `transactions:${action}:${id}`, schema: actionDraftShape })

  const partial = action !== 'cancel' && form.values.mode === 'partial'
  const problem = form.errors.amount
  const cents = partial ? (parseAmount(form.values.amount) ?? 0) : limit
  const amountTextFormatted = format.money(cents)

  const titles: Record<TransactionAction, string> = {
    settle: t`Settle transaction ${id}`,
    refund: t`Refund transaction ${id}`,
    cancel: t`Cancel authorization ${id}`,
  }
  const released = format.money(Math.max(0, limit - cents))
  const consequence: Record<TransactionAction, string> = {
    settle:
      partial && cents < limit
        ? t`Settling charges the customer's plan and cannot be undone. The other ${released} of the authorization will be released and can no longer be settled.`
        : t`Settling charges the customer's plan and cannot be undone; to give money back later, you would refund it.`,
    refund: t`The refund goes back to the customer and cannot be undone.`,
    cancel: t`Cancelling releases the customer's authorization of ${limitText}. It cannot be undone: this order can no longer be settled.`,
  }
  const confirmLabels: Record<TransactionAction, string> =
    problem === undefined
      ? {
          settle: t`Settle ${amountTextFormatted}`,
          refund: t`Refund ${amountTextFormatted}`,
          cancel: t`Cancel authorization`,
        }
      : { settle: t`Settle`, refund: t`Refund`, cancel: t`Cancel authorization` }
  const refusal = form.saveError
  const unknownOutcome = outcomeUnknown(refusal)
  const refusalText = refusal === null ? null : actionRefusalText(i18n, refusal)

  return (
    <Modal opened onClose={onClose} title={titles[action]} centered size="md">
      <form ref={form.formRef} onSubmit={form.submit} noValidate>
        <Stack gap="md">
          {draft}
          {action === 'cancel' ? null : (
            <Radio.Group
              label={action === 'refund' ? t`How much to refund` : t`How much to settle`}
              value={form.values.mode}
              onChange={(value) => form.set('mode', value === 'partial' ? 'partial' : 'full')}
            >
              <Stack gap="xs" mt="xs">
                <Radio
                  value="full"
                  label={
                    action === 'refund'
                      ? t`Full remaining amount (${limitText})`
                      : t`Full amount (${limitText})`
                  }
                />
                <Radio value="partial" label={t`Part of it`} />
              </Stack>
            </Radio.Group>
          )}
          {partial ? (
            <TextInput
              id={amountId}
              label={action === 'refund' ? t`Amount to refund` : t`Amount to settle`}
              description={t`Up to ${limitText}`}
              inputMode="decimal"
              autoComplete="off"
              data-autofocus
              {...form.field('amount')}
            />
          ) : null}
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle aria-hidden="true" />}
            title={t`This cannot be undone`}
          >
            {consequence[action]}
          </Alert>
          {refusalText ? (
            <Alert
              color="red"
              variant="light"
              role="alert"
              title={
                unknownOutcome
                  ? t`This action may not have gone through`
                  : t`The platform refused this action`
              }
            >
              <Text size="sm">{refusalText}</Text>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={form.submitting}>
              <Trans>Go back</Trans>
            </Button>
            <Button
              type="submit"
              color={action === 'settle' ? undefined : 'red.8'}
              loading={form.submitting}
              disabled={form.errorOf('amount') !== undefined}
            >
              {confirmLabels[action]}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
