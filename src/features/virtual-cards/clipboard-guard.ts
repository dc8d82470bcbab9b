/** How long a copied card number may stay on the clipboard. */
export const CLEAR_CLIPBOARD_MS = 60_000

/**
 * Where a copy stands. `pending`: it will be cleared when the time is up, checked by reading the
 * clipboard back when `canRead`, or else only if the page keeps the focus. Then `cleared` (it still
 * held the number, now it is empty), `replaced` (it held something else: left alone) or `unknown` (the
 * portal could not tell what it held, so left it alone: the number may still be there).
 */
export type ClipboardState =
  | { state: 'idle' }
  | { state: 'pending'; copy: number; canRead: boolean }
  | { state: 'cleared' | 'replaced' | 'unknown'; copy: number }

export interface ClipboardGuard {
  /**
   * Writes `text` to the clipboard and clears it `CLEAR_CLIPBOARD_MS` later if it still holds it;
   * resolves to this copy's number once written (a later copy takes over from an earlier one), and
   * rejects when the browser refused the write.
   */
  copy(text: string): Promise<number>
  current(): ClipboardState
  subscribe(listener: () => void): () => void
}

/** What the guard needs of the browser. */
export interface ClipboardEnvironment {
  clipboard: { writeText(text: string): Promise<void>; readText(): Promise<string> } | undefined
  /** Whether reading the clipboard is already permitted (so reading asks the user nothing). */
  mayRead(): Promise<boolean>
  hasFocus(): boolean
  /** Heard for `blur` (the page lost the focus). */
  window: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>
  /** Heard for `copy` and `cut` (the page put something else on the clipboard). */
  document: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>
}

function browserEnvironment(): ClipboardEnvironment {
  return {
    clipboard: navigator.clipboard,
    async mayRead() {
      try {
        // 'clipboard-read' is Chromium's; other browsers throw for a name they do not know, and ask
        // the user on every read, which is no way to check quietly.
        const status = await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })
        return status.state === 'granted'
      } catch {
        return false
      }
    },
    hasFocus: () => document.hasFocus(),
    window,
    document,
  }
}

/**
 * Clears a copied card number from the clipboard once the time is up, but only if it still holds it:
 * what the user copied since is theirs. Where the browser lets the page read the clipboard without
 * asking, that is checked by reading it back. Where it does not, nothing can be known about other
 * applications, so the clipboard is emptied only if this page kept the focus the whole time (nothing
 * else can have been copied meanwhile) and nothing was copied in the page; otherwise it is left alone,
 * and the page says the number may still be there. A copy outlives the dialog it was made in; a
 * closed tab can clear nothing.
 */
export function createClipboardGuard(
  environment: ClipboardEnvironment = browserEnvironment(),
  clearAfterMs: number = CLEAR_CLIPBOARD_MS,
): ClipboardGuard {
  let current: ClipboardState = { state: 'idle' }
  let copies = 0
  let disarm: (() => void) | undefined
  const listeners = new Set<() => void>()

  function set(next: ClipboardState) {
    current = next
    for (const listener of listeners) listener()
  }

  async function emptied(): Promise<boolean> {
    try {
      await environment.clipboard?.writeText('')
      return environment.clipboard !== undefined
    } catch {
      return false
    }
  }

  async function settle(copy: number, text: string, watched: { keptFocus: boolean; copiedElse: boolean }) {
    const { clipboard } = environment
    if (clipboard && (await environment.mayRead())) {
      try {
        if ((await clipboard.readText()) !== text) return set({ state: 'replaced', copy })
        return set({ state: (await emptied()) ? 'cleared' : 'unknown', copy })
      } catch {
        // Reading needs the focus too: without it, as if reading were not permitted.
      }
    }
    if (watched.copiedElse) return set({ state: 'replaced', copy })
    if (!watched.keptFocus || !environment.hasFocus()) return set({ state: 'unknown', copy })
    set({ state: (await emptied()) ? 'cleared' : 'unknown', copy })
  }

  async function copy(text: string): Promise<number> {
    const { clipboard } = environment
    if (!clipboard) throw new Error('This browser offers no clipboard to the page')
    await clipboard.writeText(text)
    disarm?.()
    copies += 1
    const copy = copies
    const watched = { keptFocus: true, copiedElse: false }
    const onBlur = () => {
      watched.keptFocus = false
    }
    const onCopy = () => {
      watched.copiedElse = true
    }
    environment.window.addEventListener('blur', onBlur)
    environment.document.addEventListener('copy', onCopy)
    environment.document.addEventListener('cut', onCopy)
    const stop = () => {
      clearTimeout(timer)
      environment.window.removeEventListener('blur', onBlur)
      environment.document.removeEventListener('copy', onCopy)
      environment.document.removeEventListener('cut', onCopy)
      if (disarm === stop) disarm = undefined
    }
    const timer = setTimeout(() => {
      stop()
      settle(copy, text, watched).catch(() => set({ state: 'unknown', copy }))
    }, clearAfterMs)
    disarm = stop
    set({ state: 'pending', copy, canRead: await environment.mayRead() })
    return copy
  }

  return {
    copy,
    current: () => current,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

let shared: ClipboardGuard | undefined

/** The page's one guard: a copy made in one dialog is cleared after it closes. */
export function sharedClipboardGuard(): ClipboardGuard {
  shared ??= createClipboardGuard()
  return shared
}
