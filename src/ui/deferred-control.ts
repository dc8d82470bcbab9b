import { type ComponentType, useState } from 'react'
import { loadChunk } from '../shared/load-chunk'

/** A component in a chunk of its own, fetched once by whichever of its users asks first. */
export interface ComponentLoader<P> {
  /** The component, once fetched. */
  loaded: ComponentType<P> | null
  load(): Promise<ComponentType<P>>
}

export function componentLoader<P>(fetch: () => Promise<ComponentType<P>>): ComponentLoader<P> {
  let pending: Promise<ComponentType<P>> | null = null
  const loader: ComponentLoader<P> = {
    loaded: null,
    load: () => {
      pending ??= loadChunk(fetch).then(
        (component) => {
          loader.loaded = component
          return component
        },
        (error: unknown) => {
          // A failed fetch may be asked again (the next press), rather than failing for good.
          pending = null
          throw error
        },
      )
      return pending
    },
  }
  return loader
}

export interface DeferredControl<P> {
  /** The real control, once fetched and not while the lookalike is being pressed; until then the caller renders its lookalike. */
  Control: ComponentType<P> | null
  /** Whether the lookalike held the focus, so that the real control takes it over. */
  focused: boolean
  /** Whether the lookalike was pressed, so that the real control opens. */
  pressed: boolean
  /** Spread on the lookalike's focusable element. */
  lookalike: {
    onPointerEnter(): void
    onFocus(): void
    onBlur(): void
    onPointerDown(): void
    onPointerCancel(): void
    onClick(): void
    onKeyDown(event: { key: string }): void
  }
}

/**
 * A menu, popover or combobox whose code is a chunk of its own: a lookalike built of first-paint
 * components paints, and nothing more is fetched until the user reaches for it. Pointing at it fetches
 * the real control; focusing it fetches it too and puts it in the lookalike's place (keeping the
 * focus); pressing it (a click, Enter, Space or the arrow down) puts it in place open, as the lookalike
 * would have been. So no page's load carries a control nobody used. A fetch that fails after a press is
 * thrown to the route's error boundary (which offers a reload); one that fails on a pointer or focus
 * waits for the press.
 *
 * Pointing alone does not replace the lookalike: the element a pointer is over stays the one its press
 * lands on. (Replaced on pointing, a press that follows at once can be sent to the element that was
 * there: user-event does, and did in the route tests whenever the chunk arrived between its hover and
 * its press, 3 of 3 runs with the chunk already imported.)
 *
 * From a pointer's press on the lookalike until its click, the lookalike stays even if the real control
 * arrives: replaced between the two, the element under the pointer would be gone before the press ends,
 * and WebKit then sends the mouse-down to no element, moving the focus away from the real control (which
 * closes on blur) and the click to none (measured in WebKitGTK under load: the Status filter stayed
 * closed after a press in 3 of 10 sign-ins; 0 of 15 since). A press that ends off the lookalike without
 * a pointercancel holds it until the next press.
 */
export function useDeferredControl<P>(loader: ComponentLoader<P>): DeferredControl<P> {
  const [Control, setControl] = useState<ComponentType<P> | null>(() => loader.loaded)
  const [focused, setFocused] = useState(false)
  const [pressed, setPressed] = useState(false)
  const [holding, setHolding] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  if (failure !== null) throw failure

  const fetch = (asked: boolean) => {
    // Fetched already (pointed at, or by another user of the chunk): in place with this event's render.
    const loaded = loader.loaded
    if (loaded) {
      setControl(() => loaded)
      return
    }
    loader.load().then(
      (component) => setControl(() => component),
      (error: unknown) => {
        if (asked) setFailure(error)
      },
    )
  }
  const press = () => {
    setHolding(false)
    setFocused(true)
    setPressed(true)
    fetch(true)
  }
  return {
    Control: holding ? null : Control,
    focused,
    pressed,
    lookalike: {
      onPointerEnter: () => {
        // Fetched now, the chunk is there by the press; a failure waits for the press.
        loader.load().catch(() => undefined)
      },
      onFocus: () => {
        setFocused(true)
        fetch(false)
      },
      onBlur: () => setFocused(false),
      onPointerDown: () => {
        setHolding(true)
        fetch(true)
      },
      onPointerCancel: () => setHolding(false),
      onClick: press,
      onKeyDown: (event) => {
        if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') press()
      },
    },
  }
}
