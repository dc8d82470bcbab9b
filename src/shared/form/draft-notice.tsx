import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { IconHistory } from '@tabler/icons-react'
import { useId } from 'react'
import { formatDateTime } from '../../i18n/format'
import { supportedLocale } from '../../i18n/locales'

interface DraftNoticeProps {
  /** When the draft was kept (epoch milliseconds). */
  savedAt: number
  onRestore: () => void
  onDiscard: () => void
}

/** Offers back what a form held when the session ended, above the form's fields. */
export function DraftNotice({ savedAt, onRestore, onDiscard }: DraftNoticeProps) {
  const { t, i18n } = useLingui()
  const titleId = useId()
  const time = formatDateTime(new Date(savedAt), supportedLocale(i18n.locale))
  return (
    <Alert
      color="blue"
      variant="light"
      role="region"
      aria-labelledby={titleId}
      icon={<IconHistory aria-hidden="true" />}
      title={<span id={titleId}>{t`Restore your unsaved changes?`}</span>}
    >
      <Stack gap="sm">
        <Text size="sm">
          <Trans>
            Your session ended at {time} before you saved what you typed here. It is kept on this device until
            you sign out.
          </Trans>
        </Text>
        <Group gap="sm">
          <Button size="xs" onClick={onRestore}>
            <Trans>Restore</Trans>
          </Button>
          <Button size="xs" variant="default" onClick={onDiscard}>
            <Trans>Discard</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
