import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { type CartInput, LIMITS } from '../../../../contract/carts'
import type { SchemaForm } from '../../../shared/form/use-schema-form'
import type { CartFieldError } from '../cart-draft-schema'
import type { CartDraft } from '../cart-form'

export type CartSchemaForm = SchemaForm<CartDraft, CartInput>

/** What was typed stays readable in an invalid field; the red border and the message mark the error. */
const INPUT_STYLES = { input: { color: 'var(--mantine-color-text)' } } as const

export interface CartFieldProps extends ReturnType<CartSchemaForm['field']> {
  id: string
  error: string | null
  styles: typeof INPUT_STYLES
}

export interface CartFields {
  /** The props of the input editing the field at `path`: value, change, leaving, id and its error in words. */
  field(path: string): CartFieldProps
  /** The error shown at `path` (a field, or `discounts` together), in words. */
  errorAt(path: string): string | null
  /** The element id of the field at `path`. */
  idOf(path: string): string
}

/** Wires the cart's inputs to its schema form, with the schema's error codes in words. */
export function useCartFields(form: CartSchemaForm): CartFields {
  const { t } = useLingui()
  const formId = useId()

  const errorText = (code: string | undefined): string | null => {
    switch (code as CartFieldError | undefined) {
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
      case undefined:
        return null
    }
  }
  const idOf = (path: string) => `${formId}-${path.replaceAll('.', '-')}`
  const errorAt = (path: string) => errorText(form.errorOf(path))
  return {
    field: (path) => ({
      ...form.field(path),
      id: idOf(path),
      error: errorAt(path),
      styles: INPUT_STYLES,
    }),
    errorAt,
    idOf,
  }
}
