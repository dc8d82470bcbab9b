import '../../../ui/mantine-later.css'
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, CopyButton, Tooltip } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'

/** A small copy button; `label` says what is copied, e.g. "Copy the public key of Web checkout". */
export function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useLingui()
  return (
    <CopyButton value={value} timeout={2_000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t`Copied` : label} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={copied ? t`Copied` : label}
          >
            {copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  )
}
