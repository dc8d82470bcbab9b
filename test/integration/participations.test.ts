// @vitest-environment node
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createControl, type SandboxControl } from '../../sandbox/control'
import { GLOBEX_PARTICIPATION_COUNT, MERCHANT_IDS } from '../../sandbox/data/ids'
import { createApiClient } from '../../src/api/client'
import { fetchAllParticipations, MAX_PARTICIPATION_PAGES } from '../../src/programs/participations'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()
let control: SandboxControl
let token: string

beforeAll(async () => {
  control = createControl(sandbox.apiUrl)
})
beforeEach(async () => {
  await control.reset()
  token = (await control.session('ops@provider.test', MERCHANT_IDS.globex)).portalToken
  await control.clearRequests()
})

const PATH = '/api/merchant-program-participation'
const api = () => createApiClient({ baseURL: sandbox.apiUrl, getToken: () => token })

function participation(index: number) {
  return {
    id: `p-${index}`,
    programID: `program-${index}`,
    merchantID: 'm',
    state: 'LAPSED',
    deletedAt: null,
  }
}

async function asked() {
  return (await control.requests({ path: PATH })).map((request) => request.query)
}

describe('participation paging', () => {
  it('loads every page with limit=200: the first, then the rest together', async () => {
    const all = await fetchAllParticipations(api(), MERCHANT_IDS.globex)
    expect(all).toHaveLength(GLOBEX_PARTICIPATION_COUNT)
    expect((await asked()).map((query) => [query.limit, query.offset])).toEqual([
      ['200', '0'],
      ['200', '200'],
      ['200', '400'],
    ])
  })

  it('goes on past a page with an unreadable item, which still counts as sent', async () => {
    const items = Array.from({ length: 200 }, (_, index) => participation(index))
    const broken = [...items.slice(0, 199), { ...participation(199), state: 42 }]
    await control.addFault({
      method: 'GET',
      path: PATH,
      kind: 'status',
      status: 200,
      body: { data: { items: broken, pagination: { offset: 0, limit: 200, total: 450 } } },
      times: 1,
    })
    const all = await fetchAllParticipations(api(), MERCHANT_IDS.globex)
    expect(all.length).toBe(199 + (GLOBEX_PARTICIPATION_COUNT - 200))
    expect((await asked()).map((query) => query.offset)).toEqual(['0', '200', '400'])
  })

  it('de-duplicates items without an id by what they say', async () => {
    const spec = (programID: string) => ({ programID, merchantID: 'm', state: 'ACTIVE' })
    await control.addFault({
      method: 'GET',
      path: PATH,
      kind: 'status',
      status: 200,
      body: {
        data: { items: [spec('a'), spec('b'), spec('a')], pagination: { offset: 0, limit: 200, total: 3 } },
      },
      times: 1,
    })
    const all = await fetchAllParticipations(api(), MERCHANT_IDS.globex)
    expect(all.map((item) => item.programID)).toEqual(['a', 'b'])
  })

  it('stops at a short page even when the total promises more', async () => {
    await control.addFault({
      path: PATH,
      kind: 'status',
      status: 200,
      body: {
        data: { items: [participation(1)], pagination: { offset: 0, limit: 200, total: 100_000 } },
      },
    })
    expect(await fetchAllParticipations(api(), MERCHANT_IDS.globex)).toHaveLength(1)
    expect(await asked()).toHaveLength(1)
  })

  it('asks a bounded number of times of a platform whose total is wrong', async () => {
    await control.addFault({
      path: PATH,
      kind: 'status',
      status: 200,
      body: {
        data: {
          items: Array.from({ length: 200 }, (_, index) => participation(index)),
          pagination: { offset: 0, limit: 200, total: 1_000_000 },
        },
      },
    })
    expect(await fetchAllParticipations(api(), MERCHANT_IDS.globex)).toHaveLength(200)
    expect(await asked()).toHaveLength(MAX_PARTICIPATION_PAGES)
  })
})
