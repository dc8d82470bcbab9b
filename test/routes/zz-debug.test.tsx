import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, it } from 'vitest'
import { type Sandbox, startSandbox } from '../../sandbox/index'
import { renderApp } from '../support/render-app'
let sandbox: Sandbox
beforeAll(async () => { sandbox = await startSandbox({ apiPort: 0, idpPort: 0, quiet: true }) })
afterAll(async () => { await sandbox.close() })
it('dbg', async () => {
  const user = userEvent.setup()
  await renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path: '/data-insights', as: 'viewer@acme.test' })
  await screen.findByRole('heading', { level: 1 })
  console.log('H1', screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent))
  await user.click(await screen.findByRole('button', { name: 'Account menu' }))
  for (const ms of [0, 50, 200, 500]) { await new Promise((r) => setTimeout(r, ms)); console.log('T', ms, (document.querySelector('[role="menu"]') as HTMLElement | null)?.style.display) }
  const menus = document.querySelectorAll('[role="menu"]')
  for (const m of menus) console.log('MENU', m.outerHTML.slice(0, 3000))
  console.log('ITEMS', screen.queryAllByRole('menuitem', { hidden: true }).map((e) => e.outerHTML.slice(0, 300)))
})
