/**
 * Shown when the app cannot start (an invalid config.json). Plain DOM: nothing else has loaded,
 * and the operator reading it needs the exact reason, not a styled page.
 */
export function renderStartupError(root: HTMLElement, reason: string): void {
  const main = document.createElement('main')
  main.setAttribute(
    'style',
    'font-family: system-ui, sans-serif; max-width: 640px; margin: 10vh auto; padding: 0 16px',
  )
  const title = document.createElement('h1')
  title.textContent = 'The Merchant Portal could not start'
  const detail = document.createElement('pre')
  detail.setAttribute(
    'style',
    'white-space: pre-wrap; background: #f8f9fa; padding: 12px; border-radius: 8px',
  )
  detail.textContent = reason
  main.append(title, detail)
  root.replaceChildren(main)
}
