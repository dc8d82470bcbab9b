import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { useClipboard } from '@mantine/hooks'
import { IconCopy, IconPencil, IconStar, IconStarOff, IconTrash } from '@tabler/icons-react'
import { useRouter } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useServices } from '../../../services/services-context'
import type { SavedView } from '../../../storage/stored-values'
import { useNameMessage } from './name-message'
import { deleteView, makeDefault, nameProblem, renameView, type ViewOwner } from './saved-views'
import { useSavedViews } from './use-saved-views'
import { openView } from './view-filters'

type Editing = { id: string; action: 'rename' | 'delete' } | null

/** The saved views, each with its link to copy, rename, default and delete (confirmed). */
export function ManageViews({
  merchantId,
  programIds,
}: {
  merchantId: string
  programIds: readonly string[]
}) {
  const { t } = useLingui()
  const { storage } = useServices()
  const router = useRouter()
  const clipboard = useClipboard({ timeout: 4_000 })
  const { owner, views } = useSavedViews(merchantId)
  const [editing, setEditing] = useState<Editing>(null)
  const [copied, setCopied] = useState('')
  if (!owner) return null

  const copyLink = (view: SavedView) => {
    const { href } = router.buildLocation({
      to: '/transactions',
      search: openView(view.filters, programIds).search,
    })
    clipboard.copy(new URL(href, window.location.origin).href)
    setCopied(view.name)
  }

  return (
    <Stack gap="sm">
      {views.length === 0 ? (
        <Text c="dimmed">
          <Trans>No saved views yet.</Trans>
        </Text>
      ) : null}
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {views.map((view) => (
          <li key={view.id}>
            {editing?.id === view.id && editing.action === 'rename' ? (
              <RenameForm owner={owner} view={view} onDone={() => setEditing(null)} />
            ) : editing?.id === view.id && editing.action === 'delete' ? (
              <Stack gap="xs">
                <Text>
                  <Trans>Delete the view “{view.name}”? This cannot be undone.</Trans>
                </Text>
                <Group gap="xs">
                  <Button
                    color="red"
                    size="xs"
                    onClick={() => {
                      deleteView(storage, owner, view.id)
                      setEditing(null)
                    }}
                  >
                    <Trans>Delete view</Trans>
                  </Button>
                  <Button variant="default" size="xs" onClick={() => setEditing(null)}>
                    <Trans>Cancel</Trans>
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {view.name}
                  </Text>
                  {view.isDefault ? (
                    <Badge variant="light" size="sm">
                      <Trans>Default</Trans>
                    </Badge>
                  ) : null}
                </Group>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t`Copy link to ${view.name}`}
                    onClick={() => copyLink(view)}
                  >
                    <IconCopy size={16} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t`Rename ${view.name}`}
                    onClick={() => setEditing({ id: view.id, action: 'rename' })}
                  >
                    <IconPencil size={16} aria-hidden="true" />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={
                      view.isDefault
                        ? t`Stop opening ${view.name} by default`
                        : t`Make ${view.name} the default`
                    }
                    onClick={() => makeDefault(storage, owner, view.isDefault ? null : view.id)}
                  >
                    {view.isDefault ? (
                      <IconStarOff size={16} aria-hidden="true" />
                    ) : (
                      <IconStar size={16} aria-hidden="true" />
                    )}
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t`Delete ${view.name}`}
                    onClick={() => setEditing({ id: view.id, action: 'delete' })}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              </Group>
            )}
          </li>
        ))}
      </Stack>
      <Text size="sm" role="status">
        {clipboard.copied
          ? t`Link to “${copied}” copied.`
          : clipboard.error
            ? t`The browser did not let us copy the link.`
            : ''}
      </Text>
    </Stack>
  )
}

function RenameForm({ owner, view, onDone }: { owner: ViewOwner; view: SavedView; onDone(): void }) {
  const { t } = useLingui()
  const { storage } = useServices()
  const nameMessage = useNameMessage()
  const [name, setName] = useState(view.name)
  const [error, setError] = useState<string | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = nameProblem(storage, owner, name, view.id)
    if (problem) setError(nameMessage(problem, name))
    else if (renameView(storage, owner, view.id, name)) onDone()
  }
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="xs">
        <TextInput
          label={t`New name for ${view.name}`}
          required
          data-autofocus
          autoFocus
          value={name}
          error={error}
          style={{ flex: '1 1 12rem' }}
          onChange={(event) => {
            setName(event.currentTarget.value)
            setError(null)
          }}
        />
        <Group gap="xs" mt={25}>
          <Button type="submit" size="xs">
            <Trans>Rename</Trans>
          </Button>
          <Button variant="default" size="xs" onClick={onDone}>
            <Trans>Cancel</Trans>
          </Button>
        </Group>
      </Group>
    </form>
  )
}
