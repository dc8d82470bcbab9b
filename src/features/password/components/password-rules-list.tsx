import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { List, Text, VisuallyHidden } from '@mantine/core'
import { IconCircle, IconCircleCheckFilled } from '@tabler/icons-react'
import { useId } from 'react'
import {
  emailLocalPart,
  PASSWORD_MIN_LENGTH,
  type PasswordIdentity,
  type PasswordRuleCheck,
  type PasswordRuleId,
} from '../password-rules'

interface PasswordRulesListProps {
  checks: readonly PasswordRuleCheck[]
  identity: PasswordIdentity
  /** After a refused submit, rules still unmet are shown as errors. */
  highlightUnmet: boolean
}

/** The rules under the new-password field, ticked as the user types; each state is also said in words. */
export function PasswordRulesList({ checks, identity, highlightUnmet }: PasswordRulesListProps) {
  const { t } = useLingui()
  const headingId = useId()
  const identityUnknown = !identity.email && !identity.username

  return (
    <div>
      <Text id={headingId} size="sm" c="var(--mantine-color-text)" mb={4}>
        <Trans>Your password must:</Trans>
      </Text>
      <List aria-labelledby={headingId} spacing={4} size="sm" listStyleType="none" center>
        {checks.map((check) => (
          <List.Item
            key={check.id}
            data-rule={check.id}
            data-met={check.met}
            c={check.met ? 'teal.9' : highlightUnmet ? 'red.8' : 'var(--mantine-color-text)'}
            icon={
              check.met ? (
                <IconCircleCheckFilled size={16} aria-hidden="true" color="var(--mantine-color-teal-7)" />
              ) : (
                <IconCircle size={16} aria-hidden="true" />
              )
            }
          >
            <VisuallyHidden>{check.met ? t`Met:` : t`Not met:`} </VisuallyHidden>
            <RuleText id={check.id} identity={identity} />
          </List.Item>
        ))}
      </List>
      {identityUnknown ? (
        <Text size="sm" c="dimmed" mt={4}>
          <Trans>It must also not contain your email name or be your username.</Trans>
        </Text>
      ) : null}
    </div>
  )
}

function RuleText({ id, identity }: { id: PasswordRuleId; identity: PasswordIdentity }) {
  switch (id) {
    case 'length':
      return (
        <Plural
          value={PASSWORD_MIN_LENGTH}
          one="Be at least # character long"
          other="Be at least # characters long"
        />
      )
    case 'lowercase':
      return <Trans>Include a lowercase letter</Trans>
    case 'uppercase':
      return <Trans>Include an uppercase letter</Trans>
    case 'number':
      return <Trans>Include a number</Trans>
    case 'notEmailName': {
      const name = emailLocalPart(identity.email) ?? ''
      return <Trans>Not contain “{name}” from your email address</Trans>
    }
    case 'notUsername':
      return <Trans>Not be your username</Trans>
  }
}
