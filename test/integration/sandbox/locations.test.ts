// @vitest-environment node
import * as v from 'valibot'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../../contract/error'
import {
  type Location,
  LocationPageSchema,
  LocationResponseSchema,
  type LocationUpdate,
} from '../../../contract/locations'
import { createControl } from '../../../sandbox/control'
import { MERCHANT_IDS } from '../../../sandbox/data/ids'
import { ACME_LOCATION_COUNT } from '../../../sandbox/resources/locations'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'

const sandbox = fileSandbox()
let owner: string
let viewer: string

beforeAll(async () => {
  const control = createControl(sandbox.apiUrl)
  owner = (await control.session('owner@acme.test')).portalToken
  viewer = (await control.session('viewer@acme.test')).portalToken
})
beforeEach(() => {
  sandbox.reset()
})

const base = `/api/merchant/${MERCHANT_IDS.acme}/locations`

function call(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${sandbox.apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: apiHeaders(token),
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
}

async function list(query: Record<string, string> = {}, token = owner) {
  const response = await call(`${base}?${new URLSearchParams(query)}`, token)
  expect(response.status, await response.clone().text()).toBe(200)
  return v.parse(LocationPageSchema, await response.json()).data
}

function updateOf(location: Location, patch: Partial<LocationUpdate> = {}): LocationUpdate {
  const { name, phone, hours, status } = location
  return { name, phone, hours, status, ...patch }
}

describe('locations', () => {
  it('lists Acme Outdoor’s 312 stores by number, a page at a time, with search and a status filter', async () => {
    const first = await list({ limit: '25' })
    expect(first.pagination.total).toBe(ACME_LOCATION_COUNT)
    expect(first.items.map((location) => location.storeNumber).slice(0, 3)).toEqual(['0001', '0002', '0003'])
    const last = await list({ limit: '25', offset: '300' })
    expect(last.items).toHaveLength(12)
    expect(first.items.every((location) => location.hours.length === 7)).toBe(true)

    const denver = await list({ search: 'denver', limit: '100' })
    expect(denver.pagination.total).toBeGreaterThan(0)
    expect(
      denver.items.every((location) => `${location.name} ${location.address.city}`.includes('Denver')),
    ).toBe(true)
    const closed = await list({ status: 'CLOSED,TEMPORARILY_CLOSED', limit: '100' })
    expect(closed.pagination.total).toBeGreaterThan(0)
    expect(closed.items.every((location) => location.status !== 'OPEN')).toBe(true)
  })

  it('keeps an edit, and refuses bad hours', async () => {
    const [store] = (await list({ limit: '1' })).items
    if (!store) throw new Error('no store')
    const hours = store.hours.map((day) =>
      day.day === 'SUN' ? { day: 'SUN' as const, closed: true, opens: null, closes: null } : day,
    )
    const response = await call(`${base}/${store.id}`, owner, {
      method: 'PATCH',
      body: updateOf(store, { name: 'Flagship', phone: '+13035550199', status: 'TEMPORARILY_CLOSED', hours }),
    })
    expect(response.status, await response.clone().text()).toBe(200)
    const saved = v.parse(LocationResponseSchema, await response.json()).data
    expect(saved).toMatchObject({ name: 'Flagship', phone: '+13035550199', status: 'TEMPORARILY_CLOSED' })
    expect((await list({ limit: '1' })).items[0]).toEqual(saved)
    expect((await list({ search: 'Flagship' })).items.map((location) => location.id)).toEqual([store.id])

    const backwards = store.hours.map((day) =>
      day.day === 'MON' ? { ...day, closed: false, opens: '18:00', closes: '09:00' } : day,
    )
    const refused = await call(`${base}/${store.id}`, owner, {
      method: 'PATCH',
      body: updateOf(store, { hours: backwards }),
    })
    expect(refused.status).toBe(400)
    expect(v.parse(ErrorBodySchema, await refused.json()).error.code).toBe('validation_failed')
  })

  it('lets a read-only user list but not edit, and no one read another merchant’s stores', async () => {
    const [store] = (await list({ limit: '1' }, viewer)).items
    if (!store) throw new Error('no store')
    const refused = await call(`${base}/${store.id}`, viewer, {
      method: 'PATCH',
      body: updateOf(store, { name: 'Nope' }),
    })
    expect(refused.status).toBe(403)
    expect(v.parse(ErrorBodySchema, await refused.json()).error.code).toBe('insufficient_scope')
    expect((await list({ limit: '1' })).items[0]?.name).toBe(store.name)
    expect((await call(`/api/merchant/${MERCHANT_IDS.globex}/locations`, owner)).status).toBe(403)
  })
})
