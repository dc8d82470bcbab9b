import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconBookmarks } from '@tabler/icons-react'
import { componentLoader, useDeferredControl } from '../../../ui/deferred-control'
import type { SavedViewsMenuProps } from './saved-views-menu'

// The menu (and the floating-UI stack it positions with) is a chunk of its own: the transactions
// page every merchant opens first paints with a plain button in its place.
const savedViewsMenu = componentLoader(() =>
  import('./saved-views-menu').then((module) => module.SavedViewsMenu),
)

/** The "Views" menu of the transactions list, its button painted first and its menu loaded just after. */
export function SavedViewsButton(props: SavedViewsMenuProps) {
  const { Control: SavedViewsMenu, ...control } = useDeferredControl(savedViewsMenu)
  const lookalike = (
    <Button
      variant="default"
      leftSection={<IconBookmarks size={16} aria-hidden="true" />}
      aria-haspopup="menu"
      aria-expanded={false}
      {...control.lookalike}
    >
      <Trans>Views</Trans>
    </Button>
  )
  if (SavedViewsMenu === null) return lookalike
  return <SavedViewsMenu {...props} opened={control.pressed} focused={control.focused} />
}
