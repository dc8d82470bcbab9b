import { type ComponentType, useEffect, useState } from 'react'
import { afterFirstPaint } from '../shared/after-first-paint'

/**
 * True once the page has painted and the browser has a moment (`afterFirstPaint`, `delayMs` on), for
 * work that no first paint needs.
 */
export function useAfterFirstPaint(delayMs?: number): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => afterFirstPaint(() => setReady(true), delayMs), [delayMs])
  return ready
}

/**
 * True from just after the component's first commit has painted (the next frame, then a task): for
 * code to fetch once the page is on screen, so that no download competes with what it paints.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
  return painted
}

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
      pending ??= fetch().then(
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
  /** The real control, once fetched; until then the caller renders its lookalike. */
  Control: ComponentType<P> | null
  /** Whether the lookalike held the focus, so that the real control takes it over. */
  focused: boolean
  /** Whether the lookalike was pressed, so that the real control opens. */
  pressed: boolean
  /** Spread on the lookalike's focusable element. */
  lookalike: {
    onFocus(): void
    onBlur(): void
    onPointerDown(): void
    onClick(): void
    onKeyDown(event: { key: string }): void
  }
}

/**
 * A menu, popover or combobox whose code is a chunk of its own: a lookalike built of first-paint
 * components paints first, and the real control replaces it once fetched — a few seconds after the
 * first paint (afterFirstPaint: its download then competes with none of the page's), or at once when the lookalike is pressed (a pointer, Enter, Space or the arrow down), and
 * then it takes the focus and opens as the lookalike would have. A fetch that fails after a press
 * is thrown to the route's error boundary (which offers a reload); one that fails unasked waits
 * for the press.
 */
export function useDeferredControl<P>(loader: ComponentLoader<P>): DeferredControl<P> {
  const [Control, setControl] = useState<ComponentType<P> | null>(() => loader.loaded)
  const [focused, setFocused] = useState(false)
  const [pressed, setPressed] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  if (failure !== null) throw failure

  const fetch = (asked: boolean) => {
    loader.load().then(
      (component) => setControl(() => component),
      (error: unknown) => {
        if (asked) setFailure(error)
      },
    )
  }
  useEffect(() => {
    if (loader.loaded !== null) return
    let live = true
    const cancel = afterFirstPaint(() => {
      loader.load().then(
        (component) => {
          if (live) setControl(() => component)
        },
        () => undefined,
      )
    })
    return () => {
      live = false
      cancel()
    }
  }, [loader])

  const press = () => {
    if (pressed) return
    setFocused(true)
    setPressed(true)
    fetch(true)
  }
  return {
    Control,
    focused,
    pressed,
    lookalike: {
      onFocus: () => setFocused(true),
      onBlur: () => setFocused(false),
      onPointerDown: press,
      onClick: press,
      onKeyDown: (event) => {
        if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') press()
      },
    },
  }
}
