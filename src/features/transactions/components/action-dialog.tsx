import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { type FormEvent, useId, useState } from 'react'
import { useAlerts } from '../../../alerts/alert-host'
import { isApiError } from '../../../api/api-error'
import type { TransactionAction, TransactionListItem } from '../../../api/schemas/transactions'
import { type AmountProblem, amountProblem, parseAmount } from '../../../shared/money'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { useTransactionAction } from '../api/transaction-actions'
import { actionLimit } from '../lifecycle'

interface ActionDialogProps {
  merchantId: string
  transaction: TransactionListItem
  action: TransactionAction
  format: MerchantFormat
  onClose(): void
}

/**
 * Confirms one action on one transaction. Mounted fresh for every opening, so each opening has its
 * own idempotency key: a double click, or a retry after a lost answer, can never act twice.
 */
export function ActionDialog({ merchantId, transaction, action, format, onClose }: ActionDialogProps) {
  const { t } = useLingui()
  const alerts = useAlerts()
  const mutation = useTransactionAction(merchantId)
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID())
  const [mode, setMode] = useState<'full' | 'partial'>('full')
  const [amountText, setAmountText] = useState('')
  const [touched, setTouched] = useState(false)
  const amountId = useId()

  const limit = actionLimit(transaction, action)
  const partial = action !== 'cancel' && mode === 'partial'
  const problem = partial ? amountProblem(amountText, limit) : null
  const cents = partial ? (parseAmount(amountText) ?? 0) : limit
  const id = transaction.id
  const limitText = format.money(limit)
  const amountTextFormatted = format.money(cents)

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
    problem === null
      ? {
          settle: t`Settle ${amountTextFormatted}`,
          refund: t`Refund ${amountTextFormatted}`,
          cancel: t`Cancel authorization`,
        }
      : { settle: t`Settle`, refund: t`Refund`, cancel: t`Cancel authorization` }
  const showProblem = problem !== null && (touched || amountText !== '')

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (problem || mutation.isPending) return
    mutation.mutate(
      { id, action, amount: action === 'cancel' || !partial ? undefined : cents, idempotencyKey },
      {
        onSuccess: (updated) => {
          const remaining = format.money(updated.amounts.remaining)
          const done: Record<TransactionAction, string> = {
            settle: t`Settled ${amountTextFormatted} on ${id}.`,
            refund: t`Refunded ${amountTextFormatted} on ${id}. Remaining: ${remaining}.`,
            cancel: t`Cancelled the authorization ${id}.`,
          }
          alerts.show({ status: 'SUCCESS', message: done[action] })
          onClose()
        },
        onError: (error) => {
          // A refusal acted on nothing, so the next attempt may use a new key; after a lost answer the
          // outcome is unknown and only the same key makes a retry safe.
          if (
            isApiError(error) &&
            error.kind === 'http' &&
            error.status !== undefined &&
            error.status < 500
          ) {
            setIdempotencyKey(crypto.randomUUID())
          }
        },
      },
    )
  }

  const refusal = mutation.error
  const refusalText =
    refusal === null
      ? null
      : isApiError(refusal) && refusal.serverError
        ? refusal.serverError.message
        : isApiError(refusal) && (refusal.kind === 'network' || refusal.kind === 'timeout')
          ? t`We could not reach the platform, so we do not know whether this went through. Try again: it will not act twice.`
          : t`The platform could not complete this action.`

  return (
    <Modal opened onClose={onClose} title={titles[action]} centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {action === 'cancel' ? null : (
            <Radio.Group
              label={action === 'refund' ? t`How much to refund` : t`How much to settle`}
              value={mode}
              onChange={(value) => setMode(value === 'partial' ? 'partial' : 'full')}
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
              value={amountText}
              error={showProblem && problem ? problemText(problem) : null}
              onChange={(event) => setAmountText(event.currentTarget.value)}
              onBlur={() => setTouched(true)}
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
                isApiError(refusal) && refusal.kind === 'http'
                  ? t`The platform refused this action`
                  : t`This action may not have gone through`
              }
            >
              <Text size="sm">{refusalText}</Text>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              <Trans>Go back</Trans>
            </Button>
            <Button
              type="submit"
              color={action === 'settle' ? undefined : 'red.8'}
              loading={mutation.isPending}
              disabled={showProblem}
            >
              {confirmLabels[action]}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
