/** The seed every run starts from, so the same data comes back after a restart or reset. */
export const SEED = 20_240_615

export interface Random {
  /** The seed the stream started from: the same seed gives the same draws. */
  readonly seed: number
  /** A float in [0, 1). */
  next(): number
  int(minInclusive: number, maxInclusive: number): number
  pick<T>(items: readonly T[]): T
  chance(probability: number): boolean
  uuid(): string
  /** An independent stream, so adding draws in one resource never shifts another's data. */
  fork(label: string): Random
}

// mulberry32: tiny, fast and good enough for fixtures; not for anything secret.
function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

function hashLabel(label: string): number {
  let hash = 2_166_136_261
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i)
    hash = Math.imul(hash, 16_777_619)
  }
  return hash >>> 0
}

export function createRandom(seed: number = SEED): Random {
  const next = mulberry32(seed)
  const random: Random = {
    seed,
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick() needs at least one item')
      return items[Math.floor(next() * items.length)] as T
    },
    chance: (probability) => next() < probability,
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16))
      hex[12] = '4'
      hex[16] = (8 + Math.floor(next() * 4)).toString(16)
      const s = hex.join('')
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
    },
    fork: (label) => createRandom((seed ^ hashLabel(label)) >>> 0),
  }
  return random
}
