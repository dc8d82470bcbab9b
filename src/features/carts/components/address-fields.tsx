import '../../../ui/mantine-later.css'
import { useLingui } from '@lingui/react/macro'
import { Group, Select, SimpleGrid, TextInput } from '@mantine/core'
import { US_STATES } from '../../../../contract/carts'
import type { CartFields, CartSchemaForm } from './cart-field'

/** A US address of the cart: the billing one, or the shipping one when it differs. */
export function AddressFields({
  which,
  form,
  fields: { field },
}: {
  which: 'billing' | 'shipping'
  form: CartSchemaForm
  fields: CartFields
}) {
  const { t } = useLingui()
  const region = `${which}.region`
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label={t`Street address`}
        autoComplete={`${which} address-line1`}
        required
        {...field(`${which}.line1`)}
      />
      <TextInput
        label={t`Apartment, suite, unit (optional)`}
        autoComplete={`${which} address-line2`}
        {...field(`${which}.line2`)}
      />
      <TextInput
        label={t`City`}
        autoComplete={`${which} address-level2`}
        required
        {...field(`${which}.city`)}
      />
      <Group grow align="flex-start" gap="sm">
        <Select
          label={t`State`}
          required
          searchable
          data={US_STATES}
          autoComplete="off"
          {...field(region)}
          value={form.values[which].region || null}
          onChange={(value) => {
            form.mantine.setFieldValue(region, value ?? '')
            form.touch(region)
          }}
        />
        <TextInput
          label={t`ZIP code`}
          autoComplete={`${which} postal-code`}
          inputMode="numeric"
          required
          {...field(`${which}.postalCode`)}
        />
      </Group>
    </SimpleGrid>
  )
}
