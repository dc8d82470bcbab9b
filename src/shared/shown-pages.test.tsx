import { act, render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { DeferredMount } from '../ui/deferred-mount'
import { NEXT_PAINT_TIMEOUT_MS } from './after-first-paint'
import { ShownPages, ShownPagesProvider } from './shown-pages'

/** Long enough for a task to run after the frame that follows a paint, whether or not the test's window paints. */
const afterPaint = () => new Promise((resolve) => setTimeout(resolve, 2 * NEXT_PAINT_TIMEOUT_MS + 50))

/** A ShownPages with one task waiting for the next page. */
function waitingTask() {
  const pages = new ShownPages()
  const task = vi.fn()
  pages.afterNextPage(task)
  return { pages, task }
}

describe('work waiting for the page to show', () => {
  it('runs once the router has rendered the page, after its paint, and once only', async () => {
    const { pages, task } = waitingTask()
    await afterPaint()
    expect(task).not.toHaveBeenCalled()

    pages.rendered()
    expect(task).not.toHaveBeenCalled()
    await afterPaint()
    expect(task).toHaveBeenCalledTimes(1)

    pages.rendered()
    await afterPaint()
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('waits for each part of the page that is still mounting, then runs', async () => {
    const { pages, task } = waitingTask()
    const shell = pages.mounting()
    const table = pages.mounting()
    pages.rendered()
    shell()
    shell()
    await afterPaint()
    expect(task).not.toHaveBeenCalled()
    table()
    await afterPaint()
    expect(task).toHaveBeenCalledTimes(1)
  })

  it("waits for a deferred mount's subtree, not for its loading screen", async () => {
    const { pages, task } = waitingTask()
    let shown = false
    let showPage: () => void = () => undefined
    const page = new Promise<void>((resolve) => {
      showPage = resolve
    })
    function Page() {
      // A part that takes its time to render: suspends until the test lets it through.
      if (!shown) throw page
      return <h1>Transactions</h1>
    }
    const view = render(
      <ShownPagesProvider value={pages}>
        <DeferredMount fallback={<p>Loading</p>}>
          <Page />
        </DeferredMount>
      </ShownPagesProvider>,
    )
    expect(view.getByText('Loading')).toBeDefined()
    pages.rendered()
    await afterPaint()
    expect(task).not.toHaveBeenCalled()

    shown = true
    await act(async () => showPage())
    await view.findByRole('heading', { name: 'Transactions' })
    await afterPaint()
    expect(task).toHaveBeenCalledTimes(1)
  })
})
