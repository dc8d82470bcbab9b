import { afterEach, describe, expect, it } from 'vitest'
import { styleNonce } from './style-nonce'

afterEach(() => {
  for (const meta of document.head.querySelectorAll('meta[property="csp-nonce"]')) meta.remove()
})

describe('the page’s style nonce', () => {
  it('is read from the csp-nonce meta tag the server filled in', () => {
    const meta = document.createElement('meta')
    meta.setAttribute('property', 'csp-nonce')
    meta.setAttribute('nonce', '3f2a9c0b7d1e4a6f8b2c5d9e0a1b3c4d')
    document.head.append(meta)
    expect(styleNonce()).toBe('3f2a9c0b7d1e4a6f8b2c5d9e0a1b3c4d')
  })

  it('is none without the tag, so no style element claims one', () => {
    expect(styleNonce()).toBeUndefined()
  })
})
