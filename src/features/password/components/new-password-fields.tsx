import { useLingui } from '@lingui/react/macro'
import { PasswordInput, Stack } from '@mantine/core'
import { type Ref, useState } from 'react'
import { checkPassword, type PasswordIdentity, type PasswordRuleCheck } from '../password-rules'
import { PasswordRulesList } from './password-rules-list'

export interface NewPasswordCheck {
  rules: PasswordRuleCheck[]
  rulesMet: boolean
  confirmation: 'missing' | 'mismatch' | 'ok'
  acceptable: boolean
}

export function checkNewPassword(
  password: string,
  confirmation: string,
  identity: PasswordIdentity,
): NewPasswordCheck {
  // Nothing typed meets nothing, though "does not contain …" holds for the empty string.
  const rules = checkPassword(password, identity).map((rule) => ({
    ...rule,
    met: password !== '' && rule.met,
  }))
  const rulesMet = rules.every((rule) => rule.met)
  const confirmationState = confirmation === '' ? 'missing' : confirmation === password ? 'ok' : 'mismatch'
  return {
    rules,
    rulesMet,
    confirmation: confirmationState,
    acceptable: rulesMet && confirmationState === 'ok',
  }
}

interface NewPasswordFieldsProps {
  password: string
  confirmation: string
  onPasswordChange: (value: string) => void
  onConfirmationChange: (value: string) => void
  identity: PasswordIdentity
  /** True once a submit was tried: problems are then shown even on untouched fields. */
  attempted: boolean
  passwordRef?: Ref<HTMLInputElement>
  confirmationRef?: Ref<HTMLInputElement>
}

/** New password and its confirmation, with the rules listed under the first and ticked as you type. */
export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  identity,
  attempted,
  passwordRef,
  confirmationRef,
}: NewPasswordFieldsProps) {
  const { t } = useLingui()
  const [confirmationLeft, setConfirmationLeft] = useState(false)
  const check = checkNewPassword(password, confirmation, identity)

  const passwordError =
    attempted && !check.rulesMet ? t`Your password does not meet all the rules yet.` : undefined
  const confirmationError =
    check.confirmation === 'mismatch' && (attempted || confirmationLeft)
      ? t`The passwords do not match.`
      : check.confirmation === 'missing' && attempted
        ? t`Enter your new password again to confirm it.`
        : undefined

  return (
    <Stack gap="md">
      <PasswordInput
        ref={passwordRef}
        label={t`New password`}
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        error={passwordError}
        // The rules are the field's description, so screen readers read them with the field.
        description={
          <PasswordRulesList checks={check.rules} identity={identity} highlightUnmet={attempted} />
        }
        descriptionProps={{ component: 'div' }}
        inputWrapperOrder={['label', 'input', 'error', 'description']}
        styles={{ description: { marginTop: 'var(--mantine-spacing-xs)' } }}
      />
      <PasswordInput
        ref={confirmationRef}
        label={t`Confirm password`}
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => onConfirmationChange(event.currentTarget.value)}
        onBlur={() => setConfirmationLeft(true)}
        error={confirmationError}
      />
    </Stack>
  )
}
