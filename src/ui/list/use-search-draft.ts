import { useDebouncedCallback } from '@mantine/hooks'
import { useEffect, useRef, useState } from 'react'

/** Typing waits this long after the last key before the URL (and the list) follow. */
export const LIST_SEARCH_DEBOUNCE_MS = 300

export interface SearchDraft {
  /** What the box shows. */
  value: string
  /** A key was typed: the box shows it at once, the term is committed once typing pauses. */
  change(value: string): void
  /** Commits what was typed without waiting (Enter). */
  flush(): void
  /** Empties the box and commits no term at once. */
  clear(): void
  /** Empties the box and drops the pending commit, for a caller that replaces the whole URL itself. */
  discard(): void
}

/**
 * The text of a list's search box, ahead of the committed term in the URL. Typed terms are committed
 * with `replace`, so Back does not step through keystrokes; a change of the URL from elsewhere (Back,
 * a link) resets the box to it.
 */
export function useSearchDraft(
  committed: string | undefined,
  commit: (term: string | undefined, options: { replace: boolean }) => void,
): SearchDraft {
  const [value, setValue] = useState(committed ?? '')
  // The last term this box sent, to tell its own URL changes from changes made elsewhere.
  const sent = useRef(committed ?? '')
  useEffect(() => {
    const current = committed ?? ''
    if (current !== sent.current) {
      sent.current = current
      setValue(current)
    }
  }, [committed])
  const commitTyped = useDebouncedCallback((typed: string) => {
    sent.current = typed.trim()
    commit(typed.trim() || undefined, { replace: true })
  }, LIST_SEARCH_DEBOUNCE_MS)

  const discard = () => {
    commitTyped.cancel()
    sent.current = ''
    setValue('')
  }
  return {
    value,
    change(typed) {
      setValue(typed)
      commitTyped(typed)
    },
    // Mantine swaps `flush` and `cancel` on every call, so they are looked up when needed.
    flush: () => commitTyped.flush(),
    clear() {
      discard()
      commit(undefined, { replace: false })
    },
    discard,
  }
}
