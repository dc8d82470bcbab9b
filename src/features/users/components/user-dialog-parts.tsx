import '../../../ui/mantine-later.css'
import { useLingui } from '@lingui/react/macro'
import { Alert, Radio, Stack } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { ACCESS_LEVELS, type AccessLevel, USER_ERROR_CODES } from '../../../../contract/users'
import { isApiError } from '../../../api/api-error'
import { ACCESS_LEVEL_DESCRIPTIONS, ACCESS_LEVEL_LABELS } from '../labels'

/** Why the platform refused a user dialog's change, in words; an access beyond the user's own, plainly. */
export function Refusal({ error, title }: { error: unknown; title: string }) {
  const { t } = useLingui()
  if (!error) return null
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle aria-hidden="true" />}
      title={title}
    >
      {isApiError(error) && error.serverError?.code === USER_ERROR_CODES.exceedsInviter
        ? t`That access level grants more than you hold yourself. You can give only access you have: choose a lower level, or ask someone with more access.`
        : isApiError(error) && error.serverError
          ? error.serverError.message
          : t`The platform could not complete this. Try again.`}
    </Alert>
  )
}

/** The levels the signed-in user may give (src/access/access-levels.ts), and why some are missing. */
export function AccessLevelChoice({
  value,
  levels,
  onChange,
}: {
  value: AccessLevel
  levels: readonly AccessLevel[]
  onChange(value: AccessLevel): void
}) {
  const { t, i18n } = useLingui()
  return (
    <Radio.Group
      label={t`Access level`}
      description={
        levels.length < ACCESS_LEVELS.length ? t`You can give only the access you hold yourself.` : undefined
      }
      value={levels.includes(value) ? value : null}
      onChange={(next) => {
        const level = levels.find((candidate) => candidate === next)
        if (level) onChange(level)
      }}
    >
      <Stack gap="sm" mt="xs">
        {levels.map((level) => (
          <Radio
            key={level}
            value={level}
            label={i18n._(ACCESS_LEVEL_LABELS[level])}
            description={i18n._(ACCESS_LEVEL_DESCRIPTIONS[level])}
          />
        ))}
      </Stack>
    </Radio.Group>
  )
}
