import { describe, expect, it } from 'vitest'
import { scrubContext, scrubText } from './scrub'

describe('the log scrubber', () => {
  it('redacts OAuth and OpenID Connect credentials in URLs, fragments and form bodies', () => {
    expect(scrubText('/implicit/callback?code=Spl0xAbc&state=9f8e7d')).toBe(
      '/implicit/callback?code=[redacted]&state=[redacted]',
    )
    expect(scrubText('grant_type=refresh_token&refresh_token=r3fr3sh-value&client_id=portal')).toBe(
      'grant_type=refresh_token&refresh_token=[redacted]&client_id=portal',
    )
    expect(scrubText('GET https://idp.test/session/end?id_token_hint=opaque.hint&post_logout=x')).toBe(
      'GET https://idp.test/session/end?id_token_hint=[redacted]&post_logout=x',
    )
    expect(scrubText('#access_token=abc&token_type=Bearer')).toBe(
      '#access_token=[redacted]&token_type=Bearer',
    )
    expect(scrubText('a "code=xyz" in quotes')).toBe('a "code=[redacted]" in quotes')
    // Words that only end in a parameter's name are left alone.
    expect(scrubText('zipcode=80202 postcode=H2X barcode=0123')).toBe(
      'zipcode=80202 postcode=H2X barcode=0123',
    )
  })

  it('drops values under keys naming a secret, numbers included, and spares ordinary words', () => {
    const secrets = {
      apiKey: 'k-123',
      'x-api-key': 'k-456',
      pan: '4111111111111111',
      cardPan: 4111111111111111,
      cvv: 123,
      card_cvc: '999',
      pin: 1234,
      pinCode: '0000',
      refreshToken: 77,
      passwordLength: 12,
    }
    const ordinary = {
      span: 3,
      shipping: 'ground',
      company: 'Acme',
      spinner: true,
      hasPin: false,
      pinned: 'yes',
    }
    expect(scrubContext({ ...secrets, ...ordinary })).toEqual({
      ...Object.fromEntries(Object.keys(secrets).map((key) => [key, '[redacted]'])),
      ...ordinary,
    })
  })
})
