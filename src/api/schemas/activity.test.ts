import { setupI18n } from '@lingui/core'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ACTIVITY_KIND_LABELS } from '../../features/users/activity/activity-labels'
import { openLabel } from '../../ui/open-value'
import { ActivityPageReader } from './activity'

const entry = {
  id: 'act-1',
  at: '2026-11-20T15:04:05Z',
  merchantID: 'm-1',
  actor: { id: 'u-1', email: 'olivia@acme.test', name: 'Olivia Owner' },
  kind: 'transaction.settled',
  target: { type: 'transaction', id: 'TX-1', label: 'ORD-1' },
  changes: [{ field: 'status', before: 'AUTHORIZED', after: 'SETTLED' }],
}

const page = (items: unknown[]) => ({
  data: { items, pagination: { total: items.length, limit: 50, offset: 0 } },
})

describe('ActivityPageReader', () => {
  it('keeps a kind and a target type it does not know, and drops fields it does not know', () => {
    const newer = {
      ...entry,
      kind: 'payout.paused',
      target: { type: 'payout', id: 'PO-1' },
      origin: 'api',
      changes: [{ field: 'state', after: 'PAUSED', reason: 'review' }],
    }
    const { items, unreadable } = v.parse(ActivityPageReader, page([newer])).data
    expect(unreadable).toBe(0)
    expect(items[0]?.kind).toBe('payout.paused')
    expect(items[0]?.target.type).toBe('payout')
    expect(items[0]?.changes).toEqual([{ field: 'state', after: 'PAUSED' }])
    // Shown raw, as the platform wrote it.
    const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } })
    expect(openLabel(i18n, ACTIVITY_KIND_LABELS, items[0]?.kind ?? 'transaction.settled')).toBe(
      'payout.paused',
    )
  })

  it('leaves out an entry it cannot read and counts it; an absent change list is none', () => {
    const { changes: _dropped, ...withoutChanges } = entry
    const { items, unreadable } = v.parse(ActivityPageReader, page([{ id: 'broken' }, withoutChanges])).data
    expect(unreadable).toBe(1)
    expect(items).toHaveLength(1)
    expect(items[0]?.changes).toEqual([])
    expect(items[0]?.at).toEqual(new Date('2026-11-20T15:04:05Z'))
  })
})
