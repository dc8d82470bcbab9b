import { describe, expect, it, vi } from 'vitest'
import { reportUncaught } from './uncaught'

function listen() {
  const log = vi.fn()
  const stop = reportUncaught(window, log, () => {})
  return { log, stop }
}

describe('reportUncaught', () => {
  it('logs an error thrown out of a handler, with where it was thrown', () => {
    const { log, stop } = listen()
    const error = new TypeError('x is undefined')
    window.dispatchEvent(
      new ErrorEvent('error', { error, message: error.message, filename: '/a.js', lineno: 3 }),
    )
    stop()
    expect(log).toHaveBeenCalledWith('error', 'Uncaught TypeError: x is undefined', {
      error,
      source: '/a.js',
      line: 3,
      column: 0,
    })
  })

  it("leaves out the browser's ResizeObserver loop notice, which is no failure", () => {
    const { log, stop } = listen()
    for (const message of [
      'ResizeObserver loop completed with undelivered notifications.',
      'ResizeObserver loop limit exceeded',
    ])
      window.dispatchEvent(new ErrorEvent('error', { message }))
    stop()
    expect(log).not.toHaveBeenCalled()
  })

  it('still logs an error of that wording thrown by code', () => {
    const { log, stop } = listen()
    const error = new Error('ResizeObserver loop limit exceeded')
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }))
    stop()
    expect(log).toHaveBeenCalledTimes(1)
  })
})
