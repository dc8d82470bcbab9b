import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Divider,
  Fieldset,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react'
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react'
import { isApiError } from '../../../api/api-error'
import { type Cart, type CartInput, LIMITS, US_STATES } from '../../../api/schemas/carts'
import type { Program } from '../../../api/schemas/programs'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import {
  type AddressDraft,
  type CartDraft,
  type CartFieldError,
  checkCartDraft,
  draftTotals,
  emptyDiscount,
  emptyItem,
  lineTotal,
} from '../cart-form'

interface CartFormProps {
  merchantId: string
  programs: readonly Program[]
  initial: CartDraft
  format: MerchantFormat
  submitLabel: ReactNode
  /** Resolves when saved; a rejection is shown above the buttons and the draft stays as typed. */
  onSubmit(input: CartInput): Promise<Cart>
  onCancel(): void
}

type Path = string

/** The theme's default error red is too light for small text (3.3:1); red.9 reads at 4.5:1 even on the grey item rows. */
const ERROR_PROPS = { c: 'red.9' } as const
/** What was typed stays readable in an invalid field; the red border and the message mark the error. */
const INPUT_STYLES = { input: { color: 'var(--mantine-color-text)' } } as const

/**
 * The cart's fields: customer, addresses, line items, discounts, shipping and tax, and the program.
 * A field says what is wrong once it has been left (or the form was submitted), and then as you type.
 */
export function CartForm({
  merchantId,
  programs,
  initial,
  format,
  submitLabel,
  onSubmit,
  onCancel,
}: CartFormProps) {
  const { t } = useLingui()
  const formId = useId()
  const [draft, setDraft] = useState<CartDraft>(initial)
  const [touched, setTouched] = useState<ReadonlySet<Path>>(() => new Set())
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)

  const programIds = useMemo(() => programs.map((program) => program.id), [programs])
  const check = useMemo(() => checkCartDraft(draft, merchantId, programIds), [draft, merchantId, programIds])
  const totals = draftTotals(draft)

  const idOf = (path: Path) => `${formId}-${path.replaceAll('.', '-')}`
  const errorText = (code: CartFieldError): string => {
    switch (code) {
      case 'required':
        return t`Required.`
      case 'tooLong':
        return t`Too long.`
      case 'email':
        return t`Enter an email address such as name@example.com.`
      case 'phone':
        return t`Enter a US phone number with area code, such as (303) 555-0142.`
      case 'postalCode':
        return t`Enter a ZIP code such as 80202 or 80202-1234.`
      case 'region':
        return t`Choose a state.`
      case 'quantity':
        return t`Enter a whole number from 1 to ${LIMITS.quantity}.`
      case 'amount':
        return t`Enter an amount such as 25.00.`
      case 'positive':
        return t`Enter an amount above zero.`
      case 'tooLarge':
        return t`That amount is too large.`
      case 'discountTooLarge':
        return t`Discounts cannot be more than the items’ subtotal.`
      case 'program':
        return t`Choose a program.`
    }
  }
  const shown = (path: Path): string | null => {
    const code = check.errors[path]
    // A group's own problem (the discounts together) shows once any of its fields was visited.
    const visited = touched.has(path) || [...touched].some((candidate) => candidate.startsWith(`${path}.`))
    return code && (submitted || visited) ? errorText(code) : null
  }
  const touch = (path: Path) =>
    setTouched((previous) => (previous.has(path) ? previous : new Set(previous).add(path)))
  /** The props every text field shares: id, error, and marking it visited on leaving. */
  const field = (path: Path) => ({
    id: idOf(path),
    error: shown(path),
    errorProps: ERROR_PROPS,
    styles: INPUT_STYLES,
    onBlur: () => touch(path),
  })

  const setCustomer = (key: keyof CartDraft['customer'], value: string) =>
    setDraft((previous) => ({ ...previous, customer: { ...previous.customer, [key]: value } }))
  const setAddress = (which: 'billing' | 'shipping', key: keyof AddressDraft, value: string) =>
    setDraft((previous) => ({ ...previous, [which]: { ...previous[which], [key]: value } }))
  const setItem = (key: string, patch: Partial<CartDraft['items'][number]>) =>
    setDraft((previous) => ({
      ...previous,
      items: previous.items.map((item) => (item.key === key ? { ...item, ...patch } : item)),
    }))
  const setDiscount = (key: string, patch: Partial<CartDraft['discounts'][number]>) =>
    setDraft((previous) => ({
      ...previous,
      discounts: previous.discounts.map((discount) =>
        discount.key === key ? { ...discount, ...patch } : discount,
      ),
    }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    if (saving) return
    if (!check.input) {
      // Take the user to the first problem, in the order the form shows them.
      const first = Object.keys(check.errors)
        .map((path) => document.getElementById(idOf(path)))
        .filter((element): element is HTMLElement => element !== null)
        .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0]
      first?.focus()
      return
    }
    setSaving(true)
    setFailure(null)
    try {
      await onSubmit(check.input)
    } catch (error) {
      setFailure(error)
    } finally {
      setSaving(false)
    }
  }

  const errorCount = Object.keys(check.errors).length
  const failureText =
    failure === null
      ? null
      : isApiError(failure) && failure.serverError
        ? failure.serverError.message
        : isApiError(failure) && (failure.kind === 'network' || failure.kind === 'timeout')
          ? t`We could not reach the platform. Your cart is still here: try again.`
          : t`The platform could not save this cart. Your cart is still here: try again.`

  const addressFields = (which: 'billing' | 'shipping') => {
    const address = draft[which]
    const path = (key: keyof AddressDraft) => `${which}.${key}`
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t`Street address`}
          autoComplete={`${which} address-line1`}
          required
          value={address.line1}
          onChange={(event) => setAddress(which, 'line1', event.currentTarget.value)}
          {...field(path('line1'))}
        />
        <TextInput
          label={t`Apartment, suite, unit (optional)`}
          autoComplete={`${which} address-line2`}
          value={address.line2}
          onChange={(event) => setAddress(which, 'line2', event.currentTarget.value)}
          {...field(path('line2'))}
        />
        <TextInput
          label={t`City`}
          autoComplete={`${which} address-level2`}
          required
          value={address.city}
          onChange={(event) => setAddress(which, 'city', event.currentTarget.value)}
          {...field(path('city'))}
        />
        <Group grow align="flex-start" gap="sm">
          <Select
            label={t`State`}
            required
            searchable
            data={US_STATES}
            value={address.region || null}
            autoComplete="off"
            onChange={(value) => {
              setAddress(which, 'region', value ?? '')
              touch(path('region'))
            }}
            {...field(path('region'))}
          />
          <TextInput
            label={t`ZIP code`}
            autoComplete={`${which} postal-code`}
            inputMode="numeric"
            required
            value={address.postalCode}
            onChange={(event) => setAddress(which, 'postalCode', event.currentTarget.value)}
            {...field(path('postalCode'))}
          />
        </Group>
      </SimpleGrid>
    )
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t`Cart`}>
      <Stack gap="lg">
        <Section title={<Trans>Customer</Trans>}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={t`Customer name`}
              autoComplete="off"
              required
              value={draft.customer.name}
              onChange={(event) => setCustomer('name', event.currentTarget.value)}
              {...field('customer.name')}
            />
            <TextInput
              label={t`Email`}
              type="email"
              autoComplete="off"
              required
              value={draft.customer.email}
              onChange={(event) => setCustomer('email', event.currentTarget.value)}
              {...field('customer.email')}
            />
            <TextInput
              label={t`Mobile phone (optional)`}
              description={t`Needed to send the link by text message.`}
              type="tel"
              autoComplete="off"
              value={draft.customer.phone}
              onChange={(event) => setCustomer('phone', event.currentTarget.value)}
              {...field('customer.phone')}
            />
          </SimpleGrid>
        </Section>

        <Section title={<Trans>Items</Trans>}>
          <Stack gap="sm">
            {draft.items.map((item, index) => {
              const number = index + 1
              const path = (key: string) => `items.${item.key}.${key}`
              return (
                <Fieldset key={item.key} legend={t`Item ${number}`} variant="filled" p="sm">
                  <Grid gap="sm" align="flex-start">
                    <Grid.Col span={{ base: 12, md: 4 }}>
                      <TextInput
                        label={t`Item name`}
                        required
                        value={item.name}
                        onChange={(event) => setItem(item.key, { name: event.currentTarget.value })}
                        {...field(path('name'))}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, xs: 6, md: 2 }}>
                      <TextInput
                        label={t`SKU (optional)`}
                        value={item.sku}
                        onChange={(event) => setItem(item.key, { sku: event.currentTarget.value })}
                        {...field(path('sku'))}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 5, xs: 6, md: 2 }}>
                      <TextInput
                        label={t`Quantity`}
                        inputMode="numeric"
                        required
                        value={item.quantity}
                        onChange={(event) => setItem(item.key, { quantity: event.currentTarget.value })}
                        {...field(path('quantity'))}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 7, xs: 6, md: 2 }}>
                      <MoneyInput
                        symbol={format.currencySymbol}
                        label={t`Unit price`}
                        required
                        value={item.unitPrice}
                        onChange={(value) => setItem(item.key, { unitPrice: value })}
                        {...field(path('unitPrice'))}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, xs: 6, md: 2 }}>
                      <Group justify="space-between" wrap="nowrap" gap="xs" mt={{ base: 0, md: 26 }}>
                        <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                          {format.money(lineTotal(item))}
                        </Text>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={t`Remove item ${number}`}
                          disabled={draft.items.length === 1}
                          onClick={() =>
                            setDraft((previous) => ({
                              ...previous,
                              items: previous.items.filter((candidate) => candidate.key !== item.key),
                            }))
                          }
                        >
                          <IconTrash size={18} aria-hidden="true" />
                        </ActionIcon>
                      </Group>
                    </Grid.Col>
                  </Grid>
                </Fieldset>
              )
            })}
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                disabled={draft.items.length >= LIMITS.items}
                onClick={() =>
                  setDraft((previous) => ({ ...previous, items: [...previous.items, emptyItem()] }))
                }
              >
                <Trans>Add item</Trans>
              </Button>
            </Group>

            <Divider my="xs" />
            <Title order={3} size="h5">
              <Trans>Discounts</Trans>
            </Title>
            {draft.discounts.length === 0 ? (
              <Text size="sm" c="dimmed">
                <Trans>No discounts.</Trans>
              </Text>
            ) : null}
            {draft.discounts.map((discount, index) => {
              const number = index + 1
              const path = (key: string) => `discounts.${discount.key}.${key}`
              return (
                <Fieldset key={discount.key} legend={t`Discount ${number}`} variant="filled" p="sm">
                  <Grid gap="sm" align="flex-start">
                    <Grid.Col span={{ base: 12, sm: 7 }}>
                      <TextInput
                        label={t`Description`}
                        required
                        value={discount.description}
                        onChange={(event) =>
                          setDiscount(discount.key, { description: event.currentTarget.value })
                        }
                        {...field(path('description'))}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 8, sm: 4 }}>
                      <MoneyInput
                        symbol={format.currencySymbol}
                        label={t`Amount off`}
                        required
                        value={discount.amount}
                        onChange={(value) => setDiscount(discount.key, { amount: value })}
                        {...field(path('amount'))}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 4, sm: 1 }}>
                      <Group justify="flex-end" mt={26}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={t`Remove discount ${number}`}
                          onClick={() =>
                            setDraft((previous) => ({
                              ...previous,
                              discounts: previous.discounts.filter(
                                (candidate) => candidate.key !== discount.key,
                              ),
                            }))
                          }
                        >
                          <IconTrash size={18} aria-hidden="true" />
                        </ActionIcon>
                      </Group>
                    </Grid.Col>
                  </Grid>
                </Fieldset>
              )
            })}
            {shown('discounts') ? (
              <Text size="sm" c="red.9" role="alert" id={idOf('discounts')} tabIndex={-1}>
                {shown('discounts')}
              </Text>
            ) : null}
            <Group>
              <Button
                variant="subtle"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                disabled={draft.discounts.length >= LIMITS.discounts}
                onClick={() =>
                  setDraft((previous) => ({
                    ...previous,
                    discounts: [...previous.discounts, emptyDiscount()],
                  }))
                }
              >
                <Trans>Add discount</Trans>
              </Button>
            </Group>

            <Divider my="xs" />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={480}>
              <MoneyInput
                symbol={format.currencySymbol}
                label={t`Shipping`}
                placeholder="0.00"
                value={draft.shippingCost}
                onChange={(value) => setDraft((previous) => ({ ...previous, shippingCost: value }))}
                {...field('shippingCost')}
              />
              <MoneyInput
                symbol={format.currencySymbol}
                label={t`Tax`}
                placeholder="0.00"
                value={draft.tax}
                onChange={(value) => setDraft((previous) => ({ ...previous, tax: value }))}
                {...field('tax')}
              />
            </SimpleGrid>

            <Paper withBorder radius="md" p="md" maw={480} ml={{ sm: 'auto' }} w="100%">
              <dl style={{ margin: 0 }} aria-label={t`Totals`}>
                <TotalLine label={<Trans>Subtotal</Trans>} value={format.money(totals.subtotal)} />
                <TotalLine
                  label={<Trans>Discounts</Trans>}
                  value={totals.discount > 0 ? `−${format.money(totals.discount)}` : format.money(0)}
                />
                <TotalLine label={<Trans>Shipping</Trans>} value={format.money(totals.shipping)} />
                <TotalLine label={<Trans>Tax</Trans>} value={format.money(totals.tax)} />
                <TotalLine label={<Trans>Total</Trans>} value={format.money(totals.total)} strong />
              </dl>
            </Paper>
          </Stack>
        </Section>

        <Section title={<Trans>Addresses</Trans>}>
          <Stack gap="md">
            <Title order={3} size="h5">
              <Trans>Billing address</Trans>
            </Title>
            {addressFields('billing')}
            <Checkbox
              label={t`Shipping address is the same as billing`}
              checked={draft.shippingSameAsBilling}
              onChange={(event) => {
                const same = event.currentTarget.checked
                setDraft((previous) => ({ ...previous, shippingSameAsBilling: same }))
              }}
            />
            {draft.shippingSameAsBilling ? null : (
              <>
                <Title order={3} size="h5">
                  <Trans>Shipping address</Trans>
                </Title>
                {addressFields('shipping')}
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
            value={draft.programID || null}
            allowDeselect={false}
            maw={480}
            onChange={(value) => {
              setDraft((previous) => ({ ...previous, programID: value ?? '' }))
              touch('programID')
            }}
            {...field('programID')}
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
          <Button variant="default" onClick={onCancel} disabled={saving}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section">
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  )
}

function TotalLine({ label, value, strong }: { label: ReactNode; value: string; strong?: boolean }) {
  return (
    <Group
      justify="space-between"
      gap="sm"
      py={2}
      mt={strong ? 6 : 0}
      pt={strong ? 8 : 2}
      style={strong ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
    >
      <Text component="dt" size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text
        component="dd"
        m={0}
        size={strong ? 'md' : 'sm'}
        fw={strong ? 700 : 500}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </Text>
    </Group>
  )
}

function MoneyInput({
  onChange,
  symbol,
  ...props
}: {
  symbol: string
  id: string
  label: string
  value: string
  error: string | null
  errorProps: typeof ERROR_PROPS
  styles: typeof INPUT_STYLES
  required?: boolean
  placeholder?: string
  onBlur(): void
  onChange(value: string): void
}) {
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      leftSection={
        <Text span size="sm" c="dimmed" aria-hidden="true">
          {symbol}
        </Text>
      }
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  )
}
