import { PASSWORD } from '../data/ids'
import { PERSONAS } from '../data/personas'

const PRODUCT_NAME = 'Merchant Portal sandbox sign-in'

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

const STYLES = `
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2933; background: #eef2f6; }
  main { width: 100%; max-width: 400px; background: #fff; border-radius: 12px; padding: 32px;
    box-shadow: 0 1px 3px rgba(15, 23, 42, .12), 0 12px 32px rgba(15, 23, 42, .08); }
  h1 { margin: 0 0 4px; font-size: 1.35rem; }
  .subtitle { margin: 0 0 24px; color: #52606d; font-size: .9rem; }
  label { display: block; font-weight: 600; font-size: .9rem; margin: 16px 0 6px; }
  input { width: 100%; padding: 10px 12px; font: inherit; border: 1px solid #cbd2d9; border-radius: 8px; }
  input:focus { outline: 3px solid #9ec5fe; border-color: #1c64f2; }
  button { margin-top: 24px; width: 100%; padding: 11px 16px; font: inherit; font-weight: 600; color: #fff;
    background: #1c64f2; border: 0; border-radius: 8px; cursor: pointer; }
  button:hover { background: #1a56db; }
  button:focus-visible { outline: 3px solid #9ec5fe; outline-offset: 2px; }
  .error { margin: 0 0 8px; padding: 10px 12px; border-radius: 8px; background: #fde8e8; color: #9b1c1c;
    font-size: .9rem; }
  details { margin-top: 24px; font-size: .85rem; color: #52606d; }
  summary { cursor: pointer; }
  table { border-collapse: collapse; width: 100%; margin-top: 8px; }
  td { padding: 2px 4px; vertical-align: top; }
  code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .85em; }
`

function layout(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLES}</style>
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>`
}

export interface LoginPageOptions {
  uid: string
  username?: string
  error?: string
}

export function renderLoginPage({ uid, username = '', error }: LoginPageOptions): string {
  const personaRows = PERSONAS.map(
    (persona) =>
      `<tr><td><code>${escapeHtml(persona.username)}</code></td><td>${escapeHtml(persona.description)}</td></tr>`,
  ).join('')
  return layout(
    PRODUCT_NAME,
    `<h1>${PRODUCT_NAME}</h1>
<p class="subtitle">A local identity provider for development and tests.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${encodeURIComponent(uid)}/login" autocomplete="on">
  <label for="username">Username</label>
  <input id="username" name="username" type="text" autocomplete="username" value="${escapeHtml(username)}" required ${username ? '' : 'autofocus'}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required ${username ? 'autofocus' : ''}>
  <button type="submit">Sign in</button>
</form>
<details>
  <summary>Sandbox personas (password <code>${PASSWORD}</code>)</summary>
  <table>${personaRows}</table>
</details>`,
  )
}

export function renderMessagePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p class="subtitle">${escapeHtml(message)}</p>`)
}

/**
 * oidc-provider hands over a form carrying its anti-forgery token. A relying party that sent a valid
 * id_token_hint has already answered "do you want to sign out?", so the form is submitted with
 * logout=yes right away; without one (a link someone else could have planted), the user is asked.
 */
export function renderLogoutPage(form: string, confirmed: boolean): string {
  if (!confirmed) {
    const asking = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')
    return layout(
      'Sign out?',
      `<h1>Sign out of the sandbox?</h1>
<p class="subtitle">A site asked to end your sandbox sign-in.</p>
${asking}
<button type="submit" form="op.logoutForm">Yes, sign me out</button>`,
    )
  }
  const autoSubmitting = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')
  return layout(
    'Signing out',
    `<h1>Signing out…</h1>
${autoSubmitting}
<noscript><button type="submit" form="op.logoutForm">Continue</button></noscript>`,
    `<script>document.addEventListener('DOMContentLoaded', function () { document.forms[0].submit() })</script>`,
  )
}
