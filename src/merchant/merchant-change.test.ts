import { describe, expect, it } from 'vitest'
import { MerchantChangeGuards } from './merchant-change'

describe('MerchantChangeGuards', () => {
  it('allows a change when nothing is registered', async () => {
    expect(await new MerchantChangeGuards().allows('m')).toBe(true)
  })

  it('lets any registered check veto, sync or async, and forgets a check once unregistered', async () => {
    const guards = new MerchantChangeGuards()
    const asked: string[] = []
    guards.register((next) => {
      asked.push(next)
      return true
    })
    const unregister = guards.register(async () => false)
    expect(await guards.allows('globex')).toBe(false)
    expect(asked).toEqual(['globex'])
    unregister()
    expect(await guards.allows('globex')).toBe(true)
  })
})
