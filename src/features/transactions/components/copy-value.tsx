import '../../../ui/mantine-later.css'
import { ActionIcon, VisuallyHidden } from '@mantine/core'
import { useClipboard } from '@mantine/hooks'
import { IconCheck, IconCopy } from '@tabler/icons-react'

interface CopyValueProps {
  value: string
  /** The button's name: "Copy transaction ID". */
  label: string
  /** What the status region says once copied: "Transaction ID copied". */
  copied: string
  /** What it says when the browser refused. */
  failed: string
}

/** A button that copies a value; the check mark shows it, and a status region says it to a screen reader. */
export function CopyValue({ value, label, copied, failed }: CopyValueProps) {
  const clipboard = useClipboard({ timeout: 3_000 })
  return (
    <>
      <ActionIcon
        variant="subtle"
        size="sm"
        color={clipboard.copied ? 'teal.8' : 'gray'}
        aria-label={label}
        onClick={() => clipboard.copy(value)}
      >
        {clipboard.copied ? (
          <IconCheck size={14} aria-hidden="true" />
        ) : (
          <IconCopy size={14} aria-hidden="true" />
        )}
      </ActionIcon>
      <VisuallyHidden role="status">
        {clipboard.copied ? copied : clipboard.error ? failed : ''}
      </VisuallyHidden>
    </>
  )
}
