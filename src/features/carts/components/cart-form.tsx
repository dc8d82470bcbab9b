import '../../../ui/mantine-later.css'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { type FormEvent, type ReactNode, useMemo, useState } from 'react'
import type { CartInput } from '../../../../contract/carts'
import { isApiError } from '../../../api/api-error'
import type { Cart } from '../../../api/schemas/carts'
import type { Program } from '../../../api/schemas/programs'
import { useUnsavedChangesGuard } from '../../../shared/form/unsaved-changes'
import { useDraft } from '../../../shared/form/use-draft'
import { useSchemaForm } from '../../../shared/form/use-schema-form'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { cartDraftSchema } from '../cart-draft-schema'
import { cartDraftShape } from '../cart-draft-shape'
import type { CartDraft } from '../cart-form'
import { AddressFields } from './address-fields'
import { useCartFields } from './cart-field'
import { CartItemsEditor } from './cart-items-editor'
import { Section } from './section'

interface CartFormProps {
  merchantId: string
  programs: readonly Program[]
  initial: CartDraft
  /** Names the cart being built or edited, for the draft kept when the session ends (`cart:new`). */
  draftKey: string
  format: MerchantFormat
  submitLabel: ReactNode
  /** Resolves when saved; a rejection is shown above the buttons and the draft stays as typed. */
  onSubmit(input: CartInput): Promise<Cart>
  onCancel(): void
}

/**
 * The cart's fields: customer, addresses, line items, discounts, shipping and tax, and the program.
 * A field says what is wrong once it has been left (or the form was submitted), and then as you type.
 */
export function CartForm({
  merchantId,
  programs,
  initial,
  draftKey,
  format,
  submitLabel,
  onSubmit,
  onCancel,
}: CartFormProps) {
  const { t } = useLingui()
  const schema = useMemo(
    () =>
      cartDraftSchema(
        merchantId,
        programs.map((program) => program.id),
      ),
    [merchantId, programs],
  )
  const form = useSchemaForm({ initialValues: initial, schema, save: onSubmit })
  // Leaving, or switching merchant, with a cart half built asks first. Not while it is being saved:
  // the page moves on to the saved cart before the form hears that the save went through.
  const guard = useUnsavedChangesGuard(form.dirty && !form.submitting, form.discard, 'cart')
  const draft = useDraft(form, { key: draftKey, schema: cartDraftShape })
  const fields = useCartFields(form)
  const { field } = fields
  const [submitted, setSubmitted] = useState(false)

  function submit(event: FormEvent<HTMLFormElement>) {
    setSubmitted(true)
    form.submit(event)
  }

  const failure = form.saveError
  const failureText =
    failure === null
      ? null
      : isApiError(failure) && failure.serverError
        ? failure.serverError.message
        : isApiError(failure) && (failure.kind === 'network' || failure.kind === 'timeout')
          ? t`We could not reach the platform. Your cart is still here: try again.`
          : t`The platform could not save this cart. Your cart is still here: try again.`
  const errorCount = Object.keys(form.errors).length

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate aria-label={t`Cart`}>
      {guard}
      <Stack gap="lg">
        {draft}
        <Section title={<Trans>Customer</Trans>}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label={t`Customer name`} autoComplete="off" required {...field('customer.name')} />
            <TextInput
              label={t`Email`}
              type="email"
              autoComplete="off"
              required
              {...field('customer.email')}
            />
            <TextInput
              label={t`Mobile phone (optional)`}
              description={t`Needed to send the link by text message.`}
              type="tel"
              autoComplete="off"
              {...field('customer.phone')}
            />
          </SimpleGrid>
        </Section>

        <Section title={<Trans>Items</Trans>}>
          <CartItemsEditor form={form} fields={fields} format={format} />
        </Section>

        <Section title={<Trans>Addresses</Trans>}>
          <Stack gap="md">
            <Title order={3} size="h5">
              <Trans>Billing address</Trans>
            </Title>
            <AddressFields which="billing" form={form} fields={fields} />
            <Checkbox
              label={t`Shipping address is the same as billing`}
              {...form.field('shippingSameAsBilling', { type: 'checkbox' })}
            />
            {form.values.shippingSameAsBilling ? null : (
              <>
                <Title order={3} size="h5">
                  <Trans>Shipping address</Trans>
                </Title>
                <AddressFields which="shipping" form={form} fields={fields} />
              </>
            )}
          </Stack>
        </Section>

        <Section title={<Trans>Financing</Trans>}>
          <Select
            label={t`Program`}
            description={t`The customer checks out with this program's financing offers.`}
            required
            data={programs.map((program) => ({ value: program.id, label: program.name }))}
            allowDeselect={false}
            maw={480}
            {...field('programID')}
            value={form.values.programID || null}
            onChange={(value) => {
              form.set('programID', value ?? '')
              form.touch('programID')
            }}
          />
        </Section>

        {failureText ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertCircle aria-hidden="true" />}
            title={t`The cart was not saved`}
          >
            {failureText}
          </Alert>
        ) : null}
        {submitted && errorCount > 0 ? (
          <Text size="sm" c="red.9" role="status">
            <Plural
              value={errorCount}
              one="One field needs your attention."
              other="# fields need your attention."
            />
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={form.submitting}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
