import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { ApiEnv } from './env'
import { readStatusFilter } from './status-filter'

const app = new Hono<ApiEnv>().get('/', (c) => {
  const statuses = readStatusFilter(c, ['OPEN', 'CLOSED'])
  return statuses instanceof Response ? statuses : c.json({ statuses })
})

async function read(query: string): Promise<{ status: number; body: unknown }> {
  const response = await app.request(`/${query}`)
  return { status: response.status, body: await response.json() }
}

describe('readStatusFilter', () => {
  it('reads none, repeated and comma-separated statuses', async () => {
    expect(await read('')).toEqual({ status: 200, body: { statuses: null } })
    expect(await read('?status=')).toEqual({ status: 200, body: { statuses: null } })
    expect(await read('?status=OPEN&status=CLOSED')).toEqual({
      status: 200,
      body: { statuses: ['OPEN', 'CLOSED'] },
    })
    expect(await read('?status=CLOSED,OPEN')).toEqual({ status: 200, body: { statuses: ['CLOSED', 'OPEN'] } })
  })

  it('refuses a status it does not know', async () => {
    expect(await read('?status=OPEN,open')).toEqual({
      status: 400,
      body: { error: { code: 'bad_request', message: 'Unknown status open.' } },
    })
  })
})
