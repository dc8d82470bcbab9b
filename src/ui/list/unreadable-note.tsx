import { Plural } from '@lingui/react/macro'
import { Alert } from '@mantine/core'
import { IconInfoCircle } from '@tabler/icons-react'

/**
 * Says how many items of a list the server sent in a form this page could not read: they are left out
 * (and logged) rather than failing the whole list.
 */
export function UnreadableNote({ count }: { count: number | undefined }) {
  if (!count) return null
  return (
    <Alert color="gray" variant="light" role="status" icon={<IconInfoCircle aria-hidden="true" />}>
      <Plural
        value={count}
        one="# item could not be shown: the server sent it in a form this page cannot read."
        other="# items could not be shown: the server sent them in a form this page cannot read."
      />
    </Alert>
  )
}
