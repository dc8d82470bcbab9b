import { describe, expect, it } from 'vitest'
import { ACTIVITY_VALUE_MAX } from '../../contract/activity'
import { redactChanges } from './activity-records'

describe('redactChanges', () => {
  it('drops secrets, passwords, CVVs and tokens by field name', () => {
    const changes = redactChanges([
      { field: 'secret', after: 'sk_live_abc' },
      { field: 'newPassword', after: 'Correct-Horse-42' },
      { field: 'cvv', after: '123' },
      { field: 'token', after: 'abc' },
      { field: 'name', before: 'Old', after: 'New' },
    ])
    expect(changes).toEqual([{ field: 'name', before: 'Old', after: 'New' }])
  })

  it('keeps the last four digits of card and account numbers, named or pasted into text', () => {
    expect(
      redactChanges([
        { field: 'accountNumber', before: '1111', after: '9876543210' },
        { field: 'number', after: '4000001234567899' },
        { field: 'headline', after: 'Call 4000001234567899 now' },
      ]),
    ).toEqual([
      { field: 'accountNumber', before: '•••• 1111', after: '•••• 3210' },
      { field: 'number', after: '•••• 7899' },
      { field: 'headline', after: 'Call •••• 7899 now' },
    ])
  })

  it('leaves ids alone and cuts long values', () => {
    const id = '40000000-0000-4000-8000-000000000001'
    const [kept, cut] = redactChanges([
      { field: 'programID', after: id },
      { field: 'values', after: 'x'.repeat(ACTIVITY_VALUE_MAX + 50) },
    ])
    expect(kept?.after).toBe(id)
    expect(cut?.after).toHaveLength(ACTIVITY_VALUE_MAX)
    expect(cut?.after?.endsWith('…')).toBe(true)
  })
})
