import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconBookmarks } from '@tabler/icons-react'
import type { ComponentPropsWithRef } from 'react'
import { componentLoader, useDeferredControl } from '../../../ui/deferred-control'
import type { SavedViewsMenuProps } from './saved-views-menu'

// The menu (and the floating-UI stack it positions with) is a chunk of its own: the transactions
// page every merchant opens first paints with a plain button in its place.
const savedViewsMenu = componentLoader(() =>
  import('./saved-views-menu').then((module) => module.SavedViewsMenu),
)

/** The "Views" button, the same before its menu has loaded (as a stand-in) and after (as its target). */
export function ViewsButton(props: Omit<ComponentPropsWithRef<'button'>, 'children' | 'color'>) {
  return (
    <Button variant="default" leftSection={<IconBookmarks size={16} aria-hidden="true" />} {...props}>
      <Trans>Views</Trans>
    </Button>
  )
}

/** The "Views" menu of the transactions list, its button painted first and its menu loaded just after. */
export function SavedViewsButton(props: SavedViewsMenuProps) {
  const { Control: SavedViewsMenu, ...control } = useDeferredControl(savedViewsMenu)
  if (SavedViewsMenu === null)
    return <ViewsButton aria-haspopup="menu" aria-expanded={false} {...control.lookalike} />
  return <SavedViewsMenu {...props} opened={control.pressed} focused={control.focused} />
}
