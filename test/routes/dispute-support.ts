import { screen, within } from '@testing-library/react'
import * as v from 'valibot'
import { MERCHANT_IDS } from '../../sandbox/data/ids'
import { TransactionResponseReader } from '../../src/api/schemas/transactions'
import { fileOf, type SeededDispute, seededDispute } from '../integration/sandbox/transactions-client'
import { type RenderedApp, renderApp } from '../support/render-app'
import type { SandboxFixture } from '../support/sandbox'

const DAY = 86_400_000

/** What the dispute route tests do, against their file's sandbox (in process or not). */
export function disputeSupport(sandbox: Pick<SandboxFixture, 'apiUrl' | 'idpUrl' | 'control'>) {
  function open(id: string, as = 'owner@acme.test'): Promise<RenderedApp> {
    return renderApp({ apiUrl: sandbox.apiUrl, idpUrl: sandbox.idpUrl, path: `/transactions?tx=${id}`, as })
  }

  /** A platform call as another tab would make it. */
  async function call(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    const { portalToken } = await sandbox.control.session('owner@acme.test')
    return fetch(`${sandbox.apiUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${portalToken}`,
        'X-API-Version': 'v2',
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
  }

  async function detail(id: string) {
    const response = await call(`/api/transactions/${id}`)
    return v.parse(TransactionResponseReader, await response.json()).data
  }

  return { open, call, detail }
}

export async function drawerOf(id: string): Promise<HTMLElement> {
  return screen.findByRole('dialog', { name: `Transaction ${id}` }, { timeout: 10_000 })
}

/** The drawer's dispute section, once the detail (with the dispute's timeline) is in. */
export async function disputeOf(id: string): Promise<HTMLElement> {
  const drawer = await drawerOf(id)
  const section = await within(drawer).findByRole('region', { name: /^Dispute/ })
  await within(section).findByText('Dispute opened')
  return section
}

export const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })

export function pdf(name = 'receipt.pdf', size = 2_000): File {
  return new File([fileOf('pdf', size)], name, { type: 'application/pdf' })
}

/** An Acme dispute that can be answered: awaiting a response with more than two days left. */
export function awaiting(): SeededDispute {
  for (let index = 0; ; index++) {
    const found = seededDispute(MERCHANT_IDS.acme, 'NEEDS_RESPONSE', { index })
    if (found.dispute.respondBy - Date.now() > 2 * DAY) return found
  }
}
