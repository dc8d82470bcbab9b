import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { CartReader } from './carts'
import { BusinessProfileReader, CheckoutDesignReader } from './settings'
import { isWebAddress, orEmpty, secureWebAddress, webAddress } from './web-address'

describe('web addresses read from the platform', () => {
  it.each([
    ['https://acmeoutdoor.example', true, true],
    ['http://acmeoutdoor.example/shop?x=1', true, false],
    ['javascript:alert(1)', false, false],
    ['data:image/svg+xml,<svg/>', false, false],
    ['ftp://files.example/logo.png', false, false],
    ['https://user:secret@evil.example/', false, false],
    ['//evil.example/logo.png', false, false],
    ['/relative/logo.png', false, false],
    ['not a url', false, false],
  ])('%s: a website %s, a checkout link or logo %s', (value, web, secure) => {
    expect(isWebAddress(value)).toBe(web)
    expect(isWebAddress(value, ['https:'])).toBe(secure)
    expect(v.is(webAddress, value)).toBe(web)
    expect(v.is(secureWebAddress, value)).toBe(secure)
  })

  it('takes empty for none where a field is optional', () => {
    expect(v.is(orEmpty(webAddress), '')).toBe(true)
    expect(v.is(orEmpty(secureWebAddress), 'javascript:alert(1)')).toBe(false)
  })

  it('are checked by the schemas of the website, the logo and the checkout link', () => {
    const issuesAt = (schema: v.GenericSchema, key: string, value: string) =>
      (v.safeParse(schema, { [key]: value }).issues ?? []).some((issue) => v.getDotPath(issue) === key)
    expect(issuesAt(BusinessProfileReader, 'website', 'javascript:alert(1)')).toBe(true)
    expect(issuesAt(BusinessProfileReader, 'website', 'https://acmeoutdoor.example')).toBe(false)
    expect(issuesAt(CheckoutDesignReader, 'logoUrl', 'http://cdn.example/logo.svg')).toBe(true)
    expect(issuesAt(CheckoutDesignReader, 'logoUrl', '')).toBe(false)
    expect(issuesAt(CartReader, 'checkoutUrl', 'http://checkout.example/c/1')).toBe(true)
    expect(issuesAt(CartReader, 'checkoutUrl', 'https://checkout.example/c/1')).toBe(false)
  })
})
