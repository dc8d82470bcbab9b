import * as v from 'valibot'
import { expect } from 'vitest'
import { TransactionPageSchema, TransactionResponseSchema } from '../../../contract/transactions'
import { apiHeaders } from './helpers'

/** Calls of the transaction routes, as the portal makes them, for the sandbox at `apiUrl()`. */
export function transactionsClient(apiUrl: () => string) {
  let counter = 0
  const key = () => `test-${Date.now()}-${++counter}`

  async function call(
    path: string,
    token: string,
    init: { method?: string; body?: unknown; key?: string } = {},
  ) {
    return fetch(`${apiUrl()}${path}`, {
      method: init.method ?? 'GET',
      headers: apiHeaders(token, init.key ? { 'Idempotency-Key': init.key } : {}),
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
  }

  async function list(token: string, merchantID: string, query: Record<string, string | number> = {}) {
    const params = new URLSearchParams({ 'merchantID.eq': merchantID })
    for (const [name, value] of Object.entries(query)) params.append(name, String(value))
    const response = await call(`/api/transactions?${params}`, token)
    expect(response.status, await response.clone().text()).toBe(200)
    return v.parse(TransactionPageSchema, await response.json()).data
  }

  async function detail(token: string, id: string) {
    const response = await call(`/api/transactions/${id}`, token)
    expect(response.status).toBe(200)
    return v.parse(TransactionResponseSchema, await response.json()).data
  }

  return { key, call, list, detail }
}
