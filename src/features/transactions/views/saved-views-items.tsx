import '../../../ui/mantine-later.css'
import { Plural, Trans } from '@lingui/react/macro'
import { Menu, Text } from '@mantine/core'
import { IconBookmarkPlus, IconSettings, IconStar } from '@tabler/icons-react'
import { MAX_SAVED_VIEWS } from '../../../storage/stored-values'
import { useOpenView, useSavedViews } from './use-saved-views'
import type { ViewsDialog } from './views-dialog'

interface SavedViewsItemsProps {
  merchantId: string
  programIds: readonly string[]
  onDialog(dialog: ViewsDialog): void
}

/** The Views menu's items: save the current view, the saved ones to open, and managing them. */
export function SavedViewsItems({ merchantId, programIds, onDialog }: SavedViewsItemsProps) {
  const { views } = useSavedViews(merchantId)
  const open = useOpenView(programIds)
  const full = views.length >= MAX_SAVED_VIEWS
  return (
    <>
      <Menu.Item
        leftSection={<IconBookmarkPlus size={16} aria-hidden="true" />}
        disabled={full}
        onClick={() => onDialog('save')}
      >
        <Trans>Save current view…</Trans>
      </Menu.Item>
      {full ? (
        <Text size="xs" c="dimmed" px="sm" pb="xs">
          <Plural
            value={MAX_SAVED_VIEWS}
            one="You have # saved view, the most you can keep: delete one to save another."
            other="You have # saved views, the most you can keep: delete one to save another."
          />
        </Text>
      ) : null}
      <Menu.Divider />
      <Menu.Label>
        <Trans>Saved views</Trans>
      </Menu.Label>
      {views.length === 0 ? (
        <Text size="sm" c="dimmed" px="sm" pb="xs">
          <Trans>No saved views yet.</Trans>
        </Text>
      ) : null}
      {views.map((view) => (
        <Menu.Item
          key={view.id}
          rightSection={view.isDefault ? <IconStar size={14} aria-hidden="true" /> : null}
          onClick={() => open(view)}
        >
          {view.isDefault ? <Trans>{view.name} (default)</Trans> : view.name}
        </Menu.Item>
      ))}
      {views.length > 0 ? (
        <>
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconSettings size={16} aria-hidden="true" />}
            onClick={() => onDialog('manage')}
          >
            <Trans>Manage views…</Trans>
          </Menu.Item>
        </>
      ) : null}
    </>
  )
}
