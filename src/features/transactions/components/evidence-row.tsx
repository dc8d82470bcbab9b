import '../../../ui/mantine-later.css'
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Group, Progress, Stack, Text } from '@mantine/core'
import { IconX } from '@tabler/icons-react'

/** A chosen file and how far its upload went; an uploaded file keeps its id for a retried challenge. */
export interface Evidence {
  key: string
  file: File
  state: 'waiting' | 'uploading' | 'done' | 'failed'
  /** Percent of the file sent. */
  progress: number
  evidenceId?: string
  error?: string
}

/** One chosen file in the challenge form: its name, its upload's progress or failure, and Remove. */
export function EvidenceRow({
  entry,
  disabled,
  onRemove,
}: {
  entry: Evidence
  disabled: boolean
  onRemove(): void
}) {
  const { t } = useLingui()
  const name = entry.file.name
  const percent = entry.progress
  const status =
    entry.state === 'waiting'
      ? t`Ready to upload`
      : entry.state === 'uploading'
        ? t`Uploading, ${percent}%`
        : entry.state === 'done'
          ? t`Uploaded`
          : t`Upload failed: ${entry.error ?? ''}`
  return (
    <li>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} truncate="end">
            {name}
          </Text>
          {entry.state === 'uploading' || entry.state === 'done' ? (
            <Progress.Root size="sm">
              <Progress.Section
                value={percent}
                color={entry.state === 'done' ? 'teal' : undefined}
                aria-label={t`Upload of ${name}`}
              />
            </Progress.Root>
          ) : null}
          <Text size="xs" c={entry.state === 'failed' ? 'red.8' : 'dimmed'}>
            {status}
          </Text>
        </Stack>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={onRemove}
          disabled={disabled}
          aria-label={t`Remove ${name}`}
        >
          <IconX size={16} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </li>
  )
}
