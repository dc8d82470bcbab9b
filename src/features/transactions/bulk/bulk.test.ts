import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import type { TransactionListItem } from '../../../api/schemas/transactions'
import { listParamsFromSearch } from '../list-params'
import { transactionSearchSchema } from '../search'
import { planBulk, skipReason } from './bulk-plan'
import { MAX_SELECTION, pageSelection, rangeBetween, selectionScope, withRows } from './selection'

const DAY = 86_400_000
const now = Date.parse('2026-03-15T12:00:00Z')

function item(id: string, overrides: Partial<TransactionListItem> = {}): TransactionListItem {
  return {
    id,
    merchantID: '00000000-0000-4000-8000-000000000001',
    orderId: `AO-${id}`,
    createdAt: new Date(now - DAY),
    customer: { name: `Customer ${id}`, email: `${id}@example.com` },
    programID: '00000000-0000-4000-8000-000000000002',
    channel: 'ECOMM',
    currency: 'USD',
    amounts: { authorized: 10_000, settled: 0, refunded: 0, remaining: 10_000 },
    status: 'AUTHORIZED',
    expiresAt: new Date(now + 10 * DAY),
    dispute: null,
    ...overrides,
  }
}

const rows = ['A', 'B', 'C', 'D', 'E'].map((id) => item(id))
const ids = (list: readonly { id: string }[]) => list.map((row) => row.id)
const WRITER = { settle: true, cancel: true }

describe('selecting rows', () => {
  it('selects the range between the row clicked before and this one, either way round', () => {
    expect(ids(rangeBetween(rows, 'B', 'D'))).toEqual(['B', 'C', 'D'])
    expect(ids(rangeBetween(rows, 'D', 'B'))).toEqual(['B', 'C', 'D'])
    expect(ids(rangeBetween(rows, 'C', 'C'))).toEqual(['C'])
    // No row clicked before, or one on another page: the row alone.
    expect(ids(rangeBetween(rows, null, 'C'))).toEqual(['C'])
    expect(ids(rangeBetween(rows, 'Z', 'C'))).toEqual(['C'])
    expect(rangeBetween(rows, 'A', 'Z')).toEqual([])
  })

  it("says whether none, some or all of a page's rows are selected", () => {
    expect(pageSelection(rows, new Map())).toBe('none')
    expect(pageSelection(rows, withRows(new Map(), rows.slice(1, 3), true))).toBe('some')
    expect(pageSelection(rows, withRows(new Map(), rows, true))).toBe('all')
    // Rows of another page selected too: this page is still all selected.
    expect(pageSelection(rows, withRows(new Map(), [...rows, item('X')], true))).toBe('all')
  })

  it('adds and removes rows, never beyond the limit', () => {
    const selected = withRows(new Map(), rows, true)
    expect([...withRows(selected, rows.slice(0, 2), false).keys()]).toEqual(['C', 'D', 'E'])
    const many = Array.from({ length: MAX_SELECTION + 20 }, (_, index) => item(`R${index}`))
    const full = withRows(new Map(), many, true)
    expect(full.size).toBe(MAX_SELECTION)
    expect(
      withRows(full, [item('R0', { customer: { name: 'Renamed', email: 'r@example.com' } })], true).size,
    ).toBe(MAX_SELECTION)
  })

  it('keeps a selection across pages, page sizes and sorts, not across filters or merchants', () => {
    const base = listParamsFromSearch(v.parse(transactionSearchSchema, {}))
    const scope = selectionScope('m1', base)
    expect(selectionScope('m1', { ...base, page: 3, pageSize: 100, sort: 'amount:asc' })).toBe(scope)
    expect(selectionScope('m1', { ...base, status: ['AUTHORIZED'] })).not.toBe(scope)
    expect(selectionScope('m1', { ...base, search: 'Smith' })).not.toBe(scope)
    expect(selectionScope('m1', { ...base, needsAction: true })).not.toBe(scope)
    expect(selectionScope('m2', base)).not.toBe(scope)
  })
})

describe('what a bulk action skips', () => {
  it('takes open authorizations, and names why the others are left out', () => {
    const expect_ = (row: TransactionListItem, action: 'settle' | 'cancel' = 'settle') =>
      expect(skipReason(row, action, WRITER, now))
    expect_(item('A')).toBeNull()
    expect_(item('A'), 'cancel').toBeNull()
    expect_(
      item('A', { status: 'SETTLED', amounts: { authorized: 1, settled: 1, refunded: 0, remaining: 1 } }),
    ).toBe('settled')
    expect_(item('A', { status: 'PARTIALLY_REFUNDED' })).toBe('settled')
    expect_(item('A', { status: 'DISPUTED' })).toBe('disputed')
    expect_(item('A', { status: 'CANCELLED' }), 'cancel').toBe('closed')
    expect_(item('A', { status: 'EXPIRED' })).toBe('expired')
    // Still AUTHORIZED on the page, but past its expiry: the lifecycle's rule says it is no longer open.
    expect_(item('A', { expiresAt: new Date(now - 1) })).toBe('expired')
    expect_(item('A', { status: 'DECLINED' })).toBe('notAuthorization')
    expect(skipReason(item('A'), 'settle', { settle: false, cancel: true }, now)).toBe('noAccess')
    expect(skipReason(item('A'), 'cancel', { settle: false, cancel: true }, now)).toBeNull()
  })

  it('counts and totals what it will send, in the order selected', () => {
    const selected = [
      item('A', { amounts: { authorized: 12_550, settled: 0, refunded: 0, remaining: 12_550 } }),
      item('B', { status: 'DISPUTED' }),
      item('C', { amounts: { authorized: 1_000, settled: 0, refunded: 0, remaining: 1_000 } }),
    ]
    const plan = planBulk(selected, 'settle', WRITER, now)
    expect(ids(plan.included)).toEqual(['A', 'C'])
    expect(plan.total).toBe(13_550)
    expect(plan.skipped.map(({ item: row, reason }) => [row.id, reason])).toEqual([['B', 'disputed']])
  })
})
