import '../../../ui/mantine-later.css'
import { useLingui } from '@lingui/react/macro'
import { Loader, Menu } from '@mantine/core'
import { Suspense, useState } from 'react'
import { lazyChunk } from '../../../shared/load-chunk'
import type { TransactionSearch } from '../search'
import { ViewsButton } from './saved-views-button'
import type { ViewsDialog } from './views-dialog'

// The menu's items and dialogs load when the button is first pointed at, focused or pressed: the
// transactions page every merchant opens first carries only this button.
const loadItems = () => import('./saved-views-items')
const loadDialogs = () => import('./saved-views-dialogs')
const SavedViewsItems = lazyChunk(() => loadItems().then((module) => ({ default: module.SavedViewsItems })))
const SavedViewsDialogs = lazyChunk(() =>
  loadDialogs().then((module) => ({ default: module.SavedViewsDialogs })),
)
const prefetch = () => {
  void loadItems()
  void loadDialogs()
}

export interface SavedViewsMenuProps {
  merchantId: string
  search: TransactionSearch
  programIds: readonly string[]
}

/**
 * The "Views" menu of the transactions list: save the current view, open, manage the saved ones.
 * `opened`: open from the start (its lookalike was pressed); `focused`: take the focus.
 */
export function SavedViewsMenu({
  merchantId,
  search,
  programIds,
  opened,
  focused,
}: SavedViewsMenuProps & { opened: boolean; focused: boolean }) {
  const { t } = useLingui()
  const [dialog, setDialog] = useState<ViewsDialog | null>(null)
  return (
    <>
      {/* Mantine's focus placeholder, a tabbable child of role="menu", fails aria-required-children. */}
      <Menu
        position="bottom-end"
        width={280}
        shadow="md"
        withInitialFocusPlaceholder={false}
        defaultOpened={opened}
      >
        <Menu.Target>
          <ViewsButton onPointerEnter={prefetch} onFocus={prefetch} autoFocus={focused} />
        </Menu.Target>
        <Menu.Dropdown>
          <Suspense fallback={<Loader size="sm" m="sm" aria-label={t`Loading saved views`} />}>
            <SavedViewsItems merchantId={merchantId} programIds={programIds} onDialog={setDialog} />
          </Suspense>
        </Menu.Dropdown>
      </Menu>
      {dialog ? (
        <Suspense fallback={null}>
          <SavedViewsDialogs
            dialog={dialog}
            merchantId={merchantId}
            search={search}
            programIds={programIds}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
    </>
  )
}
