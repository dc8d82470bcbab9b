import { Trans } from '@lingui/react/macro'
import { Button, Group, Kbd, VisuallyHidden } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { Suspense, useState } from 'react'
import { lazyChunk } from '../../shared/load-chunk'
import classes from './command-palette.module.css'

// The palette (Mantine Spotlight and its stylesheet) loads on first use: the shortcut and the button
// cost next to nothing on pages where nobody opens it, and nothing at all before sign-in.
const loadPalette = () => import('./command-palette-dialog')
const CommandPaletteDialog = lazyChunk(loadPalette)

const isApple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent)

/**
 * Ctrl+K (Cmd+K on a Mac) from anywhere in the signed-in portal, and a search button in the header
 * for pointer and touch users: jump to a page or straight to a transaction or an order.
 */
export function CommandPalette() {
  const [opened, setOpened] = useState(false)
  const [used, setUsed] = useState(false)

  const open = () => {
    setUsed(true)
    setOpened(true)
  }
  // Text fields included: the shortcut means nothing else in them, and typing is where people are.
  useHotkeys([['mod+K', () => (opened ? setOpened(false) : open())]], [])

  return (
    <>
      <Button
        variant="default"
        px={{ base: 8, md: 'sm' }}
        onClick={open}
        onPointerEnter={() => void loadPalette()}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
      >
        <Group component="span" gap={8} wrap="nowrap">
          <IconSearch size={18} aria-hidden="true" />
          {/* The name says what is searched; the screen shows "Search" and the shortcut. */}
          <span className={classes.label}>
            <Trans>
              Search <VisuallyHidden>pages and transactions</VisuallyHidden>
            </Trans>
          </span>
          <Kbd size="xs" visibleFrom="md" aria-hidden="true">
            {isApple ? '⌘ K' : 'Ctrl K'}
          </Kbd>
        </Group>
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <CommandPaletteDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
