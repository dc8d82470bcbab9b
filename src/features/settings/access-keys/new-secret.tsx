import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core'
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { IssuedAccessKey } from '../../../api/schemas/settings'
import { CopyValue } from '../components/copy-value'

/** A file name for the secret from the key's name: letters, digits and dashes only. */
function fileNameOf(issued: IssuedAccessKey): string {
  const base = `${issued.key.name}-${issued.key.environment}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return `${base || 'access-key'}-secret.txt`
}

function download(issued: IssuedAccessKey): void {
  const text = `${issued.key.name}\npublic key: ${issued.key.publicKey}\nsecret key: ${issued.secret}\n`
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileNameOf(issued)
  link.click()
  URL.revokeObjectURL(url)
}

interface NewSecretProps {
  issued: IssuedAccessKey
  /** What else to say, e.g. until when a rotated-out key works. */
  children?: ReactNode
  onDone: () => void
}

/**
 * The new secret, shown this once with Copy and Download. It lives in the dialog's state only: once the
 * dialog closes it is gone, and no call answers it again.
 */
export function NewSecret({ issued, children, onDone }: NewSecretProps) {
  const { t } = useLingui()
  const { name } = issued.key
  return (
    <Stack gap="md">
      <Alert variant="light" color="orange" role="note" icon={<IconAlertTriangle aria-hidden="true" />}>
        <Trans>
          Copy or download this secret now: it is shown only this once. Once you close this dialog, no one can
          see it again, and a lost secret means rotating the key.
        </Trans>
      </Alert>
      <Stack gap={4}>
        <Text size="sm" fw={600} id="new-secret-label">
          <Trans>Secret key of {name}</Trans>
        </Text>
        <Group gap={4} wrap="nowrap" align="center">
          <Code
            data-testid="new-secret"
            aria-labelledby="new-secret-label"
            style={{ overflow: 'visible', overflowWrap: 'anywhere' }}
          >
            {issued.secret}
          </Code>
          <CopyValue value={issued.secret} label={t`Copy the secret key of ${name}`} />
        </Group>
      </Stack>
      {children}
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={() => download(issued)}
        >
          <Trans>Download as a file</Trans>
        </Button>
        <Button onClick={onDone} data-autofocus>
          <Trans>Done</Trans>
        </Button>
      </Group>
    </Stack>
  )
}
