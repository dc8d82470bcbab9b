import { Trans, useLingui } from '@lingui/react/macro'
import { Paper, ThemeIcon, UnstyledButton } from '@mantine/core'
import { IconKey, IconLogout, IconUser } from '@tabler/icons-react'
import { type KeyboardEvent, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useServices } from '../../services/services-context'
import { lazyChunk } from '../../shared/load-chunk'
import classes from './user-menu.module.css'

// The change-password dialog (its form and password rules) loads when someone first asks for it.
const loadPasswordModal = () => import('../../features/password/components/change-password-modal')
const ChangePasswordModal = lazyChunk(() =>
  loadPasswordModal().then((module) => ({ default: module.ChangePasswordModal })),
)

/** The menu's items, in order. */
function menuItems(menu: HTMLElement | null): HTMLButtonElement[] {
  return [...(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])]
}

/**
 * The account menu: change password, sign out. A menu of its own rather than Mantine's, which would bring
 * the floating-UI library to every signed-in page's first paint, or (loaded on the first press) leave
 * a user who is offline unable to sign out. Keyboard: Enter, Space or the arrow down open it on the
 * first item; the arrows, Home and End move; Escape closes it back on the button; Tab leaves it.
 */
export function UserMenu({ canChangePassword }: { canChangePassword: boolean }) {
  const { session } = useServices()
  const { t } = useLingui()
  const menuId = useId()
  const buttonId = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  const [opened, setOpened] = useState(false)
  // Which item takes the focus as the menu opens: the first from the keyboard, none from a pointer.
  const [focusFirst, setFocusFirst] = useState(false)
  const [signingOut, setSigningOut] = useState(false)
  const [changingPassword, setChangingPassword] = useState(false)
  // Mounted from the first opening on, so the dialog can animate out when it closes.
  const [passwordUsed, setPasswordUsed] = useState(false)

  const close = (refocus: boolean) => {
    setOpened(false)
    if (refocus) button.current?.focus()
  }

  useEffect(() => {
    if (!opened) return
    if (focusFirst) menuItems(menu.current)[0]?.focus()
    const outside = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpened(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [opened, focusFirst])

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      setFocusFirst(true)
      setOpened(true)
      if (opened) menuItems(menu.current)[0]?.focus()
    }
  }
  const onMenuKey = (event: KeyboardEvent) => {
    const all = menuItems(menu.current).filter((item) => !item.disabled)
    const active = document.activeElement
    const at = active instanceof HTMLButtonElement ? all.indexOf(active) : -1
    const move = (index: number) => all[(index + all.length) % all.length]?.focus()
    if (event.key === 'ArrowDown') move(at + 1)
    else if (event.key === 'ArrowUp') move(at - 1)
    else if (event.key === 'Home') move(0)
    else if (event.key === 'End') move(all.length - 1)
    else if (event.key === 'Escape') close(true)
    else if (event.key === 'Tab') close(false)
    else return
    if (event.key !== 'Tab') event.preventDefault()
  }

  return (
    <div ref={root} className={classes.root}>
      <UnstyledButton
        ref={button}
        id={buttonId}
        aria-label={t`Account menu`}
        aria-haspopup="menu"
        aria-expanded={opened}
        aria-controls={opened ? menuId : undefined}
        onClick={() => {
          setFocusFirst(false)
          setOpened(!opened)
        }}
        onKeyDown={onButtonKey}
        onPointerEnter={() => {
          if (canChangePassword) void loadPasswordModal().catch(() => undefined)
        }}
      >
        <ThemeIcon radius="xl" variant="light" size={36} component="span">
          <IconUser size={20} aria-hidden="true" />
        </ThemeIcon>
      </UnstyledButton>
      {opened ? (
        <Paper
          ref={menu}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          shadow="md"
          withBorder
          className={classes.dropdown}
          onKeyDown={onMenuKey}
        >
          {canChangePassword ? (
            <UnstyledButton
              role="menuitem"
              tabIndex={-1}
              className={classes.item}
              onClick={() => {
                close(false)
                setPasswordUsed(true)
                setChangingPassword(true)
              }}
            >
              <IconKey size={16} aria-hidden="true" />
              <Trans>Change password</Trans>
            </UnstyledButton>
          ) : null}
          <UnstyledButton
            role="menuitem"
            tabIndex={-1}
            className={classes.item}
            disabled={signingOut}
            onClick={() => {
              close(false)
              setSigningOut(true)
              void session.signOut()
            }}
          >
            <IconLogout size={16} aria-hidden="true" />
            <Trans>Sign out</Trans>
          </UnstyledButton>
        </Paper>
      ) : null}
      {canChangePassword && passwordUsed ? (
        <Suspense fallback={null}>
          <ChangePasswordModal opened={changingPassword} onClose={() => setChangingPassword(false)} />
        </Suspense>
      ) : null}
    </div>
  )
}
