import '@testing-library/jest-dom/vitest'
import { cleanup, configure, prettyDOM } from '@testing-library/react'
import { afterAll, afterEach } from 'vitest'

// The route tests render the whole app against the sandbox; on a loaded 2-core machine a step can take
// more than the library's 1 s default, which fails a test for slowness, not for what it checks.
configure({ asyncUtilTimeout: 5_000, getElementError: elementError })

// findBy and waitFor query again every 50 ms, and each query that finds nothing builds an error: printing
// the whole page into every one of them took a fifteenth of the route tests' CPU. The page is printed
// when the message is first read, which is when a test fails with it (before its clean-up empties it).
function elementError(summary: string | null, container: Element): Error {
  const error = new Error(summary ?? '')
  error.name = 'TestingLibraryElementError'
  let message: string | undefined
  Object.defineProperty(error, 'message', {
    configurable: true,
    get: () => {
      message ??= [summary, prettyDOM(container)].filter(Boolean).join('\n\n')
      return message
    },
  })
  return error
}

// happy-dom lacks the layout APIs Mantine reads; these stand-ins answer as a desktop browser would, set to
// reduced motion (the theme's respectReducedMotion): dialogs and drawers open and close without waiting on
// transitions. The browser suites run with motion.
if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  })
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub })
  Element.prototype.scrollIntoView = () => {}
  afterEach(() => {
    cleanup()
    window.localStorage.clear()
    window.sessionStorage.clear()
  })
}

// TanStack Router warns of every error a route's boundary catches, in development builds only, with the
// match's id and not the error: the error itself reaches React's onCaughtError (test/support/render-app.tsx),
// which reports it unless it is a router outcome. The warning adds nothing to that, so it is not printed.
// Test files share their worker (isolate: false), so the filter is installed once.
const routeMatchWarning = 'Warning: Error in route match:'
if (!('routeMatchFilter' in console.warn)) {
  const warn = console.warn.bind(console)
  console.warn = Object.assign(
    (...args: unknown[]) => {
      const [first] = args
      if (!(typeof first === 'string' && first.startsWith(routeMatchWarning))) warn(...args)
    },
    { routeMatchFilter: true },
  )
}

// A test whose app logged something loads the logger's pipeline on demand, which then writes the entry
// to the console; a file that ended first could close its worker with that write still on its way
// (Vitest: "Closing rpc while onUserConsoleLog was pending", seen once in a clean-clone run after the
// failed-exchange test of act-as-merchant.test.ts). The same import, awaited, resolves after the
// logger's own, so every entry is written before the file ends.
afterAll(async () => {
  await import('../src/log/log-pipeline')
})
