import type { LogFn } from './logger'

const SUMMARY_LIMIT = 300

/** `TypeError: x is undefined`; what is not an Error, as text, cut short. */
function summary(thrown: unknown): string {
  const text = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown)
  return text.length > SUMMARY_LIMIT ? `${text.slice(0, SUMMARY_LIMIT)}…` : text
}

/**
 * The browser's notice that a ResizeObserver's callback changed a layout it was observing, so that
 * some notifications wait for the next frame (Mantine's dropdown scroll areas do this when a selected
 * option's pill grows the field). It is reported through window 'error' with no error object, but
 * nothing failed: every notification is still delivered. Chrome's and Firefox's wording, then older
 * Chrome's.
 */
const RESIZE_OBSERVER_NOTICE =
  /^ResizeObserver loop (completed with undelivered notifications|limit exceeded)/

/**
 * Logs what nothing else caught: an error thrown out of an event handler or timer (window 'error')
 * and a promise rejected with no handler ('unhandledrejection'). The error itself goes in the
 * context, so a failed API call's request id reaches the entry. On 'pagehide', `flush` posts the
 * repeat counts gathered so far. Returns a function that removes the handlers.
 */
export function reportUncaught(target: Window, log: LogFn, flush: () => void): () => void {
  const onError = (event: Event) => {
    // Resource load failures reach window 'error' only in the capture phase, which this is not.
    if (!(event instanceof ErrorEvent)) return
    if (event.error == null && RESIZE_OBSERVER_NOTICE.test(event.message)) return
    const thrown: unknown = event.error ?? event.message
    log('error', `Uncaught ${summary(thrown)}`, {
      error: thrown,
      source: event.filename,
      line: event.lineno,
      column: event.colno,
    })
  }
  const onRejection = (event: Event) => {
    const reason: unknown = 'reason' in event ? event.reason : undefined
    log('error', `Unhandled rejection: ${summary(reason)}`, { reason })
  }
  target.addEventListener('error', onError)
  target.addEventListener('unhandledrejection', onRejection)
  target.addEventListener('pagehide', flush)
  return () => {
    target.removeEventListener('error', onError)
    target.removeEventListener('unhandledrejection', onRejection)
    target.removeEventListener('pagehide', flush)
  }
}
