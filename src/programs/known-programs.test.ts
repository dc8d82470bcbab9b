import { describe, expect, it } from 'vitest'
import { createMemoryStorage, createStorage } from '../storage/storage'
import { MAX_PREVIOUS_MERCHANTS } from '../storage/stored-values'
import { knownProgramIds, rememberProgramIds } from './known-programs'

function memoryStorage() {
  const writes: string[] = []
  const local = createMemoryStorage()
  const storage = createStorage(
    {
      local: {
        ...local,
        setItem: (key, value) => {
          writes.push(key)
          local.setItem(key, value)
        },
      },
      session: createMemoryStorage(),
    },
    () => {},
    undefined,
  )
  return { storage, writes }
}

const merchant = (index: number) => `mer_${index}`

describe('the programs remembered per merchant', () => {
  it("gives back a merchant's programs, none for a merchant never opened, and writes nothing when they have not changed", () => {
    const { storage, writes } = memoryStorage()
    expect(knownProgramIds(storage, merchant(1))).toEqual([])
    rememberProgramIds(storage, merchant(1), ['p1', 'p2'])
    rememberProgramIds(storage, merchant(1), ['p1', 'p2'])
    expect(knownProgramIds(storage, merchant(1))).toEqual(['p1', 'p2'])
    expect(writes).toHaveLength(1)
    rememberProgramIds(storage, merchant(1), ['p2'])
    expect(knownProgramIds(storage, merchant(1))).toEqual(['p2'])
    expect(writes).toHaveLength(2)
  })

  it('keeps the merchants opened last, the one opened now among them', () => {
    const { storage } = memoryStorage()
    for (let index = 0; index <= MAX_PREVIOUS_MERCHANTS; index++)
      rememberProgramIds(storage, merchant(index), ['p'])
    expect(knownProgramIds(storage, merchant(0))).toEqual([])
    for (let index = 1; index <= MAX_PREVIOUS_MERCHANTS; index++)
      expect(knownProgramIds(storage, merchant(index))).toEqual(['p'])
    // Opened again, the oldest kept merchant is kept when the next new one comes.
    rememberProgramIds(storage, merchant(1), ['q'])
    rememberProgramIds(storage, merchant(99), ['p'])
    expect(knownProgramIds(storage, merchant(1))).toEqual(['q'])
    expect(knownProgramIds(storage, merchant(2))).toEqual([])
  })
})
