import { describe, expect, it } from 'vitest'
import { apiPath } from './api-path'

describe('apiPath', () => {
  it('joins the template with encoded values', () => {
    expect(apiPath`/api/program/${'p-1'}/merchant/${42}/values`).toBe('/api/program/p-1/merchant/42/values')
  })

  it('keeps a value from escaping its path segment', () => {
    expect(apiPath`/api/payment-product-enrollment/${'../admin?x=1#y'}`).toBe(
      '/api/payment-product-enrollment/..%2Fadmin%3Fx%3D1%23y',
    )
  })

  it('handles a value in the last position and no values at all', () => {
    expect(apiPath`/api/program/${'a b'}`).toBe('/api/program/a%20b')
    expect(apiPath`/api/payment-product-enrollment`).toBe('/api/payment-product-enrollment')
  })
})
