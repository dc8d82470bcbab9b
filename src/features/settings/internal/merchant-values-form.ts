import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import * as v from 'valibot'
import type { MerchantValuesPatch } from '../../../../contract/payment-products'
import type { MerchantValues } from '../../../api/schemas/payment-products'
import { typedText } from '../../../drafts/typed-text'
import { parseAmount, plainAmount } from '../../../shared/money'

type MerchantValue = MerchantValues['values'][string]

export const RISK_TIERS = ['LOW', 'STANDARD', 'ELEVATED'] as const

export type FieldKind = 'text' | 'note' | 'mcc' | 'money' | 'number' | 'boolean' | 'risk'

export interface FieldSpec {
  key: string
  kind: FieldKind
  label: MessageDescriptor | string
  description?: MessageDescriptor
}

/** The values the portal knows; any other key the platform sends is still shown and editable. */
const KNOWN: Record<string, Omit<FieldSpec, 'key'>> = {
  displayName: {
    kind: 'text',
    label: msg`Display name in checkout`,
    description: msg`Overrides the merchant's display name in this program's checkout`,
  },
  merchantCategoryCode: {
    kind: 'mcc',
    label: msg`Merchant category code`,
    description: msg`The 4-digit MCC used for underwriting and reporting`,
  },
  riskTier: { kind: 'risk', label: msg`Risk tier` },
  minimumOrderAmount: { kind: 'money', label: msg`Minimum order amount` },
  maximumOrderAmount: { kind: 'money', label: msg`Maximum order amount` },
  showPromotionalMessaging: {
    kind: 'boolean',
    label: msg`Show promotional messaging`,
    description: msg`Promotional financing messages on the merchant's site for this program`,
  },
  manualReviewNote: {
    kind: 'note',
    label: msg`Note for manual review`,
    description: msg`Shown to underwriters when an application from this merchant is reviewed`,
  },
}

const ORDER = Object.keys(KNOWN)

export function fieldSpecs(values: MerchantValues['values']): FieldSpec[] {
  const keys = Object.keys(values).toSorted((a, b) => {
    const ai = ORDER.indexOf(a)
    const bi = ORDER.indexOf(b)
    if (ai >= 0 && bi >= 0) return ai - bi
    if (ai >= 0) return -1
    if (bi >= 0) return 1
    return a.localeCompare(b)
  })
  return keys.map((key) => {
    const known = KNOWN[key]
    if (known) return { key, ...known }
    const value = values[key]
    const kind: FieldKind =
      typeof value === 'boolean' ? 'boolean' : typeof value === 'number' ? 'number' : 'text'
    return { key, kind, label: key }
  })
}

export type FormValues = Record<string, string | boolean>

export function formValues(values: MerchantValues['values'], specs: readonly FieldSpec[]): FormValues {
  const result: FormValues = {}
  for (const spec of specs) {
    const value = values[spec.key]
    if (spec.kind === 'boolean') result[spec.key] = value === true
    else if (spec.kind === 'money') result[spec.key] = typeof value === 'number' ? plainAmount(value) : ''
    else result[spec.key] = value === null || value === undefined ? '' : String(value)
  }
  return result
}

function fieldSchema(spec: FieldSpec, i18n: I18n): v.GenericSchema<string | boolean, MerchantValue> {
  switch (spec.kind) {
    case 'boolean':
      return v.boolean()
    case 'money':
      return v.pipe(
        v.string(),
        v.transform(parseAmount),
        v.number(i18n._(msg`Enter an amount such as 50.00.`)),
      )
    case 'number':
      return v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^-?\d+(?:\.\d+)?$/, i18n._(msg`Enter a number.`)),
        v.transform(Number),
      )
    case 'mcc':
      return v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{4}$/, i18n._(msg`A merchant category code has 4 digits.`)),
      )
    case 'risk':
      return v.picklist(RISK_TIERS, i18n._(msg`Choose a risk tier.`))
    case 'note':
      return v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(500, i18n._(msg`Use at most 500 characters.`)),
        v.transform((note) => (note === '' ? null : note)),
      )
    case 'text':
      return v.pipe(v.string(), v.trim(), v.maxLength(200, i18n._(msg`Use at most 200 characters.`)))
  }
}

export function merchantValuesSchema(
  specs: readonly FieldSpec[],
  i18n: I18n,
): v.GenericSchema<FormValues, MerchantValuesPatch> {
  const entries = Object.fromEntries(specs.map((spec) => [spec.key, fieldSchema(spec, i18n)]))
  return v.pipe(
    v.object(entries),
    v.forward(
      v.check((values: Record<string, MerchantValue>) => {
        const { minimumOrderAmount: min, maximumOrderAmount: max } = values
        return typeof min !== 'number' || typeof max !== 'number' || min <= max
      }, i18n._(msg`The maximum order amount must be at least the minimum.`)),
      ['maximumOrderAmount'],
    ),
    v.transform((values): MerchantValuesPatch => ({ values })),
  )
}

/** The values as typed, for a draft kept across a sign-in (src/drafts): the same fields, each of its kind. */
export function merchantValuesDraftShape(specs: readonly FieldSpec[]): v.GenericSchema<unknown, FormValues> {
  return v.strictObject(
    Object.fromEntries(specs.map((spec) => [spec.key, spec.kind === 'boolean' ? v.boolean() : typedText])),
  )
}
