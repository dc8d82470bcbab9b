import { act, fireEvent, render, screen } from '@testing-library/react'
import { Component, type ComponentType, type ReactNode } from 'react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { type ComponentLoader, componentLoader, useDeferredControl } from './deferred-control'

interface RealProps {
  opened: boolean
  focused: boolean
}

function Real({ opened, focused }: RealProps) {
  return (
    <button type="button" data-opened={opened} data-focused={focused}>
      Real
    </button>
  )
}

/** A loader whose chunk arrives when the test says so. */
function heldLoader(): {
  loader: ComponentLoader<RealProps>
  arrive(): Promise<void>
  fail(): Promise<void>
} {
  let resolve: (component: ComponentType<RealProps>) => void = () => undefined
  let reject: (error: Error) => void = () => undefined
  const chunk = new Promise<ComponentType<RealProps>>((res, rej) => {
    resolve = res
    reject = rej
  })
  const settle = () =>
    act(async () =>
      chunk.then(
        () => undefined,
        () => undefined,
      ),
    )
  return {
    loader: componentLoader(() => chunk),
    arrive: () => {
      resolve(Real)
      return settle()
    },
    fail: () => {
      reject(new Error('Failed to fetch dynamically imported module: /assets/real.js'))
      return settle()
    },
  }
}

function Deferred({ loader }: { loader: ComponentLoader<RealProps> }) {
  const { Control, lookalike, ...state } = useDeferredControl(loader)
  if (Control === null)
    return (
      <button type="button" {...lookalike}>
        Lookalike
      </button>
    )
  return <Control opened={state.pressed} focused={state.focused} />
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? <p>This page needs a reload</p> : this.props.children
  }
}

const real = () => screen.queryByRole('button', { name: 'Real' })

/** The control with a chunk the test delivers, and its lookalike as first rendered. */
function renderHeld() {
  const held = heldLoader()
  render(<Deferred loader={held.loader} />)
  return { held, lookalike: screen.getByRole('button', { name: 'Lookalike' }) }
}

describe('useDeferredControl', () => {
  it('keeps the lookalike under a pointer pressing it when the real control arrives, then opens the real one on the click', async () => {
    const { held, lookalike } = renderHeld()
    fireEvent.pointerEnter(lookalike)
    fireEvent.pointerDown(lookalike)
    await held.arrive()
    // Replaced now, the element the press began on would be gone before its click.
    expect(lookalike.isConnected).toBe(true)
    expect(real()).toBeNull()

    fireEvent.click(lookalike)
    expect(lookalike.isConnected).toBe(false)
    expect(real()).toMatchObject({ dataset: { opened: 'true', focused: 'true' } })
  })

  it('opens the real control once it arrives after a click', async () => {
    const { held, lookalike } = renderHeld()
    fireEvent.pointerDown(lookalike)
    fireEvent.click(lookalike)
    expect(real()).toBeNull()
    await held.arrive()
    expect(real()).toMatchObject({ dataset: { opened: 'true' } })
  })

  it('keeps the lookalike a pointer is over once pointing has fetched the real control, and opens the real one on the press', async () => {
    const { held, lookalike } = renderHeld()
    fireEvent.pointerEnter(lookalike)
    await held.arrive()
    // The press that follows is sent to the element the pointer was over.
    expect(lookalike.isConnected).toBe(true)
    expect(real()).toBeNull()
    fireEvent.pointerDown(lookalike)
    fireEvent.click(lookalike)
    expect(real()).toMatchObject({ dataset: { opened: 'true', focused: 'true' } })
  })

  it('puts the real control in place, closed and focused, once focusing the lookalike has fetched it', async () => {
    const { held, lookalike } = renderHeld()
    fireEvent.focus(lookalike)
    await held.arrive()
    expect(real()).toMatchObject({ dataset: { opened: 'false', focused: 'true' } })
  })

  it('lets a cancelled press go: the real control comes in closed', async () => {
    const { held, lookalike } = renderHeld()
    fireEvent.pointerDown(lookalike)
    await held.arrive()
    expect(real()).toBeNull()
    fireEvent.pointerCancel(lookalike)
    expect(real()).toMatchObject({ dataset: { opened: 'false' } })
  })

  it('opens from the keyboard: Enter on the focused lookalike', async () => {
    const { held, lookalike } = renderHeld()
    fireEvent.focus(lookalike)
    fireEvent.keyDown(lookalike, { key: 'Enter' })
    await held.arrive()
    expect(real()).toMatchObject({ dataset: { opened: 'true', focused: 'true' } })
  })

  it('throws a failed fetch to the error boundary after a press, not after pointing', async () => {
    // React reports what a boundary caught on the console.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    onTestFinished(() => reported.mockRestore())
    const pointed = heldLoader()
    const { unmount } = render(
      <Boundary>
        <Deferred loader={pointed.loader} />
      </Boundary>,
    )
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Lookalike' }))
    await pointed.fail()
    expect(screen.getByRole('button', { name: 'Lookalike' })).toBeDefined()
    unmount()

    const pressed = heldLoader()
    render(
      <Boundary>
        <Deferred loader={pressed.loader} />
      </Boundary>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Lookalike' }))
    await pressed.fail()
    expect(screen.getByText('This page needs a reload')).toBeDefined()
  })
})
