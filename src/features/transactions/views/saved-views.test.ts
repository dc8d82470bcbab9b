import { beforeEach, describe, expect, it } from 'vitest'
import { createMemoryStorage, createStorage, KEY_PREFIX } from '../../../storage/storage'
import { MAX_SAVED_VIEWS } from '../../../storage/stored-values'
import {
  defaultView,
  deleteView,
  makeDefault,
  nameProblem,
  ownViews,
  renameView,
  saveView,
  type ViewOwner,
} from './saved-views'
import { openView } from './view-filters'

const ACME = '3f2b8c1e-5d4a-4b7e-9c2f-1a2b3c4d5e6f'
const GLOBEX = '7a1c9e2d-4b3f-4e8a-8d6c-0f1e2d3c4b5a'
const ada: ViewOwner = { userId: 'user-ada', merchantId: ACME }

function setup() {
  const local = createMemoryStorage()
  const logged: string[] = []
  const storage = createStorage({ local, session: createMemoryStorage() }, (_level, message) => {
    logged.push(message)
  })
  return { local, storage, logged }
}

function record(index: number, owner: ViewOwner = ada) {
  return {
    id: `v-${index}`,
    ...owner,
    name: `View ${index}`,
    filters: { status: ['AUTHORIZED'] },
    savedAt: index,
  }
}

describe('the stored saved views', () => {
  let env: ReturnType<typeof setup>
  beforeEach(() => {
    env = setup()
  })

  it('reads back what was saved, with its filters, and marks one default at a time', () => {
    expect(
      saveView(env.storage, ada, '  Shipped today ', { status: ['AUTHORIZED'], pageSize: 50 }, 7),
    ).not.toBeNull()
    expect(saveView(env.storage, ada, 'Disputes', { needsAction: true })).not.toBeNull()
    const [first, second] = ownViews(env.storage, ada)
    expect(first).toMatchObject({
      name: 'Shipped today',
      filters: { status: ['AUTHORIZED'], pageSize: 50 },
      savedAt: 7,
    })
    if (!first || !second) throw new Error('two views were saved')
    makeDefault(env.storage, ada, first.id)
    makeDefault(env.storage, ada, second.id)
    expect(defaultView(env.storage, ada)?.name).toBe('Disputes')
    expect(ownViews(env.storage, ada).filter((view) => view.isDefault)).toHaveLength(1)
    expect(env.logged).toEqual([])
  })

  it('drops an invalid record alone and never throws on unreadable storage', () => {
    const bad = [
      { ...record(2), name: '' },
      { ...record(3), name: 'x'.repeat(61) },
      { ...record(4), filters: 'status=AUTHORIZED' },
      { ...record(5), userId: undefined },
      'not a view',
      null,
    ]
    env.local.setItem(`${KEY_PREFIX}savedViews`, JSON.stringify([record(1), ...bad, record(6)]))
    expect(ownViews(env.storage, ada).map((view) => view.id)).toEqual(['v-1', 'v-6'])
    env.local.setItem(`${KEY_PREFIX}savedViews`, '{not json')
    expect(ownViews(env.storage, ada)).toEqual([])
    env.local.setItem(`${KEY_PREFIX}savedViews`, JSON.stringify({ views: [record(1)] }))
    expect(ownViews(env.storage, ada)).toEqual([])
  })

  it(`keeps at most ${MAX_SAVED_VIEWS} views per user and merchant, and refuses one more`, () => {
    const many = Array.from({ length: MAX_SAVED_VIEWS + 3 }, (_, index) => record(index))
    env.local.setItem(`${KEY_PREFIX}savedViews`, JSON.stringify(many))
    const kept = ownViews(env.storage, ada)
    expect(kept).toHaveLength(MAX_SAVED_VIEWS)
    expect(kept.at(-1)?.id).toBe(`v-${MAX_SAVED_VIEWS - 1}`)
    expect(saveView(env.storage, ada, 'One too many', {})).toBeNull()
    expect(ownViews(env.storage, ada)).toHaveLength(MAX_SAVED_VIEWS)
  })

  it('keeps each user and merchant apart', () => {
    const bob: ViewOwner = { userId: 'user-bob', merchantId: ACME }
    const adaAtGlobex: ViewOwner = { userId: 'user-ada', merchantId: GLOBEX }
    saveView(env.storage, ada, 'Mine', {})
    saveView(env.storage, bob, 'Mine', {})
    saveView(env.storage, adaAtGlobex, 'Globex', {})
    expect(ownViews(env.storage, ada).map((view) => view.name)).toEqual(['Mine'])
    expect(ownViews(env.storage, adaAtGlobex).map((view) => view.name)).toEqual(['Globex'])
    const [bobs] = ownViews(env.storage, bob)
    if (!bobs) throw new Error('Bob saved a view')
    // Another owner's id changes nothing of Ada's views.
    deleteView(env.storage, ada, bobs.id)
    renameView(env.storage, ada, bobs.id, 'Taken over')
    makeDefault(env.storage, ada, bobs.id)
    expect(ownViews(env.storage, bob)).toEqual([bobs])
    expect(nameProblem(env.storage, adaAtGlobex, 'mine')).toBeNull()
  })

  it('says what is wrong with a name: required, too long, already used (case aside)', () => {
    saveView(env.storage, ada, 'Shipped today', {})
    expect(nameProblem(env.storage, ada, '   ')).toBe('required')
    expect(nameProblem(env.storage, ada, 'x'.repeat(61))).toBe('tooLong')
    expect(nameProblem(env.storage, ada, 'x'.repeat(60))).toBeNull()
    expect(nameProblem(env.storage, ada, ' shipped TODAY ')).toBe('taken')
    const [view] = ownViews(env.storage, ada)
    expect(nameProblem(env.storage, ada, 'Shipped Today', view?.id)).toBeNull()
    expect(saveView(env.storage, ada, 'shipped today', {})).toBeNull()
  })
})

describe('opening a saved view', () => {
  it('opens on the first page with what still applies and lists what no longer does', () => {
    const { search, stale } = openView(
      {
        status: ['AUTHORIZED', 'RETIRED'],
        programs: ['p1', 'gone'],
        pageSize: 50,
        sort: 'amount:asc',
        from: '13/45/2026',
      },
      ['p1', 'p2'],
    )
    expect(search).toMatchObject({
      page: 1,
      status: ['AUTHORIZED'],
      programs: ['p1'],
      pageSize: 50,
      sort: 'amount:asc',
    })
    expect(search.from).toBeUndefined()
    expect(stale).toEqual([
      { field: 'from', value: '13/45/2026' },
      { field: 'status', value: 'RETIRED' },
      { field: 'programs', value: 'gone' },
    ])
  })

  it('finds nothing stale in a view that still applies', () => {
    expect(openView({ needsAction: true, columns: ['orderId'], search: 'ORD-1' }, ['p1']).stale).toEqual([])
  })
})
