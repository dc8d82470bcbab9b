import '../../../ui/mantine-later.css'
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { PasswordInput, Stack } from '@mantine/core'
import * as v from 'valibot'
import type { FormValues, SchemaForm } from '../../../shared/form/use-schema-form'
import { checkPassword, type PasswordIdentity, type PasswordRuleCheck } from '../password-rules'
import { PasswordRulesList } from './password-rules-list'

export interface NewPasswordCheck {
  rules: PasswordRuleCheck[]
  rulesMet: boolean
}

export function checkNewPassword(password: string, identity: PasswordIdentity): NewPasswordCheck {
  // Nothing typed meets nothing, though "does not contain …" holds for the empty string.
  const rules = checkPassword(password, identity).map((rule) => ({
    ...rule,
    met: password !== '' && rule.met,
  }))
  return { rules, rulesMet: rules.every((rule) => rule.met) }
}

export interface NewPasswordValues {
  password: string
  confirmation: string
}

/** The new password and its confirmation as schema entries; `confirmedPassword` checks that they match. */
export function newPasswordEntries(identity: PasswordIdentity, i18n: I18n) {
  return {
    password: v.pipe(
      v.string(),
      v.check(
        (password: string) => checkNewPassword(password, identity).rulesMet,
        i18n._(msg`Your password does not meet all the rules yet.`),
      ),
    ),
    confirmation: v.pipe(v.string(), v.nonEmpty(i18n._(msg`Enter your new password again to confirm it.`))),
  }
}

interface NewPasswordFieldsProps<TValues extends FormValues & NewPasswordValues, TOutput> {
  form: SchemaForm<TValues, TOutput>
  identity: PasswordIdentity
}

/** New password and its confirmation, with the rules listed under the first and ticked as you type. */
export function NewPasswordFields<TValues extends FormValues & NewPasswordValues, TOutput>({
  form,
  identity,
}: NewPasswordFieldsProps<TValues, TOutput>) {
  const { t } = useLingui()
  const check = checkNewPassword(form.values.password, identity)
  // The password's error waits for a submit; until then the ticked rules say what is missing.
  const passwordError = form.errorOf('password')

  return (
    <Stack gap="md">
      <PasswordInput
        label={t`New password`}
        autoComplete="new-password"
        {...form.field('password', { withFocus: false })}
        // The rules are the field's description, so screen readers read them with the field.
        description={
          <PasswordRulesList
            checks={check.rules}
            identity={identity}
            highlightUnmet={passwordError !== undefined}
          />
        }
        descriptionProps={{ component: 'div' }}
        inputWrapperOrder={['label', 'input', 'error', 'description']}
        styles={{ description: { marginTop: 'var(--mantine-spacing-xs)' } }}
      />
      <PasswordInput
        label={t`Confirm password`}
        autoComplete="new-password"
        {...form.field('confirmation')}
      />
    </Stack>
  )
}
