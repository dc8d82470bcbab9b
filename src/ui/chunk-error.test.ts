import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/api-error'
import { isChunkLoadError } from './chunk-error'

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
