import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  ActionIcon,
  Button,
  Divider,
  Fieldset,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  type TextInputProps,
  Title,
} from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { LIMITS } from '../../../../contract/carts'
import { GROUP_ERROR_PROPS } from '../../../shared/form/use-schema-form'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { draftTotals, emptyDiscount, emptyItem, lineTotal } from '../cart-form'
import type { CartFields, CartSchemaForm } from './cart-field'

/** The cart's line items, its discounts, shipping and tax, and the totals as they are typed. */
export function CartItemsEditor({
  form,
  fields: { field, errorAt, idOf },
  format,
}: {
  form: CartSchemaForm
  fields: CartFields
  format: MerchantFormat
}) {
  const { t } = useLingui()
  const { items, discounts } = form.values
  const totals = draftTotals(form.values)
  const discountsError = errorAt('discounts')

  return (
    <Stack gap="sm">
      {items.map((item, index) => {
        const number = index + 1
        const path = (key: string) => `items.${index}.${key}`
        return (
          <Fieldset key={item.key} legend={t`Item ${number}`} variant="filled" p="sm">
            <Grid gap="sm" align="flex-start">
              <Grid.Col span={{ base: 12, md: 4 }}>
                <TextInput label={t`Item name`} required {...field(path('name'))} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6, md: 2 }}>
                <TextInput label={t`SKU (optional)`} {...field(path('sku'))} />
              </Grid.Col>
              <Grid.Col span={{ base: 5, xs: 6, md: 2 }}>
                <TextInput label={t`Quantity`} inputMode="numeric" required {...field(path('quantity'))} />
              </Grid.Col>
              <Grid.Col span={{ base: 7, xs: 6, md: 2 }}>
                <MoneyInput
                  symbol={format.currencySymbol}
                  label={t`Unit price`}
                  required
                  {...field(path('unitPrice'))}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6, md: 2 }}>
                <Group justify="space-between" wrap="nowrap" gap="xs" mt={{ base: 0, md: 26 }}>
                  <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {format.money(lineTotal(item))}
                  </Text>
                  <RemoveButton
                    label={t`Remove item ${number}`}
                    disabled={items.length === 1}
                    onClick={() =>
                      form.update((values) => ({
                        ...values,
                        items: values.items.filter((candidate) => candidate.key !== item.key),
                      }))
                    }
                  />
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
          disabled={items.length >= LIMITS.items}
          onClick={() => form.update((values) => ({ ...values, items: [...values.items, emptyItem()] }))}
        >
          <Trans>Add item</Trans>
        </Button>
      </Group>

      <Divider my="xs" />
      <Title order={3} size="h5">
        <Trans>Discounts</Trans>
      </Title>
      {discounts.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No discounts.</Trans>
        </Text>
      ) : null}
      {discounts.map((discount, index) => {
        const number = index + 1
        const path = (key: string) => `discounts.${index}.${key}`
        return (
          <Fieldset key={discount.key} legend={t`Discount ${number}`} variant="filled" p="sm">
            <Grid gap="sm" align="flex-start">
              <Grid.Col span={{ base: 12, sm: 7 }}>
                <TextInput label={t`Description`} required {...field(path('description'))} />
              </Grid.Col>
              <Grid.Col span={{ base: 8, sm: 4 }}>
                <MoneyInput
                  symbol={format.currencySymbol}
                  label={t`Amount off`}
                  required
                  {...field(path('amount'))}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 4, sm: 1 }}>
                <Group justify="flex-end" mt={26}>
                  <RemoveButton
                    label={t`Remove discount ${number}`}
                    onClick={() =>
                      form.update((values) => ({
                        ...values,
                        discounts: values.discounts.filter((candidate) => candidate.key !== discount.key),
                      }))
                    }
                  />
                </Group>
              </Grid.Col>
            </Grid>
          </Fieldset>
        )
      })}
      {discountsError ? (
        <Text size="sm" c="red.9" role="alert" id={idOf('discounts')} {...GROUP_ERROR_PROPS}>
          {discountsError}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          disabled={discounts.length >= LIMITS.discounts}
          onClick={() =>
            form.update((values) => ({ ...values, discounts: [...values.discounts, emptyDiscount()] }))
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
          {...field('shippingCost')}
        />
        <MoneyInput symbol={format.currencySymbol} label={t`Tax`} placeholder="0.00" {...field('tax')} />
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
  )
}

function RemoveButton({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick(): void }) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size="lg"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <IconTrash size={18} aria-hidden="true" />
    </ActionIcon>
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

/** An amount in the merchant's currency, typed as people write it (`1,250.00`); the symbol is shown before it. */
function MoneyInput({ symbol, ...props }: TextInputProps & { symbol: string }) {
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
    />
  )
}
