import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/api-error'
import { isChunkLoadError, loadChunk, type Network } from './load-chunk'

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://portal.example/assets/locations-CPigPjon.js',
    'error loading dynamically imported module: https://portal.example/assets/carts-6sClLb94.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/transactions-CrbPQ12V.css',
  ])('recognises "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true)
  })

  it('leaves every other failure to the Oops box', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
    const network = new ApiError({
      kind: 'network',
      method: 'GET',
      path: '/api/carts',
      requestId: 'r-1',
      detail: 'could not reach the server',
    })
    expect(isChunkLoadError(network)).toBe(false)
  })
})

/** A browser's network that the test brings back online. */
function world(initiallyOnline: boolean) {
  let online = initiallyOnline
  let wake: (() => void) | undefined
  const network: Network = {
    online: () => online,
    nextOnline: () =>
      new Promise((resolve) => {
        wake = resolve
      }),
  }
  return {
    network,
    goOnline() {
      online = true
      wake?.()
    },
  }
}

const missing = () =>
  new TypeError('Failed to fetch dynamically imported module: https://portal.example/assets/badge.js')

describe('loadChunk', () => {
  it('waits for the network when a chunk fails offline, then imports it again', async () => {
    const net = world(false)
    let calls = 0
    const load = async () => {
      calls += 1
      if (!net.network.online()) throw missing()
      return 'module'
    }
    let result: string | undefined
    const loading = loadChunk(load, net.network).then((value) => {
      result = value
    })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(calls).toBe(1)
    expect(result).toBeUndefined()
    net.goOnline()
    await loading
    expect(result).toBe('module')
    expect(calls).toBe(2)
  })

  it('tries once more at once online, and gives up after a second failure (the file is gone)', async () => {
    const net = world(true)
    let calls = 0
    const load = async () => {
      calls += 1
      throw missing()
    }
    await expect(loadChunk(load, net.network)).rejects.toThrow('Failed to fetch dynamically imported module')
    expect(calls).toBe(2)
  })

  it('recovers when the first online failure was the connection dropping', async () => {
    const net = world(true)
    let calls = 0
    const load = async () => {
      calls += 1
      if (calls === 1) throw missing()
      return 'module'
    }
    await expect(loadChunk(load, net.network)).resolves.toBe('module')
  })

  it('passes on at once a failure other than fetching the code', async () => {
    const net = world(false)
    let calls = 0
    const load = async () => {
      calls += 1
      throw new Error('Cannot read properties of undefined')
    }
    await expect(loadChunk(load, net.network)).rejects.toThrow('Cannot read properties')
    expect(calls).toBe(1)
  })
})
