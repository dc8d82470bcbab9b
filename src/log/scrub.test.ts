import fc from 'fast-check'
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

describe('card numbers, account numbers and one-time codes', () => {
  it('redacts Luhn-valid card numbers of 13 to 19 digits however they are grouped', () => {
    expect(scrubText('card 4111 1111 1111 1111 declined')).toBe('card [redacted] declined')
    expect(scrubText('card 4111-1111-1111-1111.')).toBe('card [redacted].')
    expect(scrubText('PAN:4111111111111111')).toBe('PAN:[redacted]')
    expect(scrubText('amex 3782 822463 10005, discover 6011111111111117')).toBe(
      'amex [redacted], discover [redacted]',
    )
    expect(scrubText('order 12 4111 1111 1111 1111')).toBe('order 12 [redacted]')
    expect(scrubText('4000000000000000006 (19 digits)')).toBe('[redacted] (19 digits)')
    expect(scrubContext({ note: 'paid with 5555 5555 5555 4444' })).toEqual({ note: 'paid with [redacted]' })
  })

  it('leaves ids, amounts, dates, phones and numbers that fail Luhn', () => {
    const kept = [
      'merchant 20000000-0000-4000-8000-000000000001 request 00000000-0000-4000-8000-000000009999',
      'amount 1234567890123.45 on 2026-11-24 at 12:30',
      'call +1 555-123-4567 or 555 123 4567',
      'card 4111 1111 1111 1112 is not one',
      'order 123456789012',
    ]
    for (const text of kept) expect(scrubText(text), text).toBe(text)
  })

  it('drops cardNumber, accountNumber and otp keys in every casing style', () => {
    const keys = [
      'cardNumber',
      'CardNumber',
      'card_number',
      'CARD_NUMBER',
      'card-number',
      'cardnumber',
      'virtualCardNumber',
      'accountNumber',
      'bank_account_number',
      'ACCOUNT-NUMBER',
      'otp',
      'OTP',
      'smsOtp',
      'otp_code',
      'SMS_OTP',
    ]
    const scrubbed = scrubContext(Object.fromEntries(keys.map((key) => [key, '123456789'])))
    expect(scrubbed).toEqual(Object.fromEntries(keys.map((key) => [key, '[redacted]'])))
    expect(scrubContext({ footprint: 'x', options: 'y', hotpink: 'z', accountName: 'Acme' })).toEqual({
      footprint: 'x',
      options: 'y',
      hotpink: 'z',
      accountName: 'Acme',
    })
  })
})

describe('secrets inside free text', () => {
  it('redacts api_key=, password=, token= and their kin, in any casing and spacing', () => {
    expect(scrubText('GET /x?api_key=k-123&page=2')).toBe('GET /x?api_key=[redacted]&page=2')
    expect(scrubText('login failed password=hunter2 user=ann')).toBe(
      'login failed password=[redacted] user=ann',
    )
    expect(scrubText('retry with token = abc123')).toBe('retry with token = [redacted]')
    expect(scrubText('API-KEY=zzz; Password="p w"')).toBe('API-KEY=[redacted]; Password="[redacted] w"')
    expect(scrubText('cardNumber=4111111111111111&otp=123456')).toBe('cardNumber=[redacted]&otp=[redacted]')
    expect(scrubText('rejected password: hunter2 for ann')).toBe('rejected password: [redacted] for ann')
    expect(scrubText('code_verifier=v3r1f13r')).toBe('code_verifier=[redacted]')
  })

  it('scrubs JSON inside strings as the value it holds, nested and escaped', () => {
    const body = JSON.stringify({ email: 'ann@acme.test', password: 'hunter2', card: { cardNumber: '4111' } })
    expect(JSON.parse(scrubText(body))).toEqual({
      email: 'ann@acme.test',
      password: '[redacted]',
      card: { cardNumber: '[redacted]' },
    })
    const twice = JSON.stringify({ body })
    expect(scrubText(twice)).not.toContain('hunter2')
    expect(scrubText(`request body ${body} was refused`)).toBe(
      'request body {"email":"ann@acme.test","password":"[redacted]","card":{"cardNumber":"[redacted]"}} was refused',
    )
    expect(scrubText(`wrapped ${JSON.stringify(body)}`)).toBe(
      'wrapped "{\\"email\\":\\"ann@acme.test\\",\\"password\\":\\"[redacted]\\",\\"card\\":{\\"cardNumber\\":\\"[redacted]\\"}}"',
    )
    expect(scrubContext({ answer: body })).toEqual({
      answer: '{"email":"ann@acme.test","password":"[redacted]","card":{"cardNumber":"[redacted]"}}',
    })
  })

  it('redacts Basic credentials and the user and password of a URL, and spares the word Basic', () => {
    const basic = btoa('portal:s3cr3t-pass')
    expect(scrubText(`Authorization: Basic ${basic}`)).toBe('Authorization: Basic [redacted]')
    expect(scrubText(`GET https://ann:s3cr3t@api.example.com/x failed`)).toBe(
      'GET https://[redacted]@api.example.com/x failed',
    )
    expect(scrubText('Basic information saved; see Basic plan')).toBe(
      'Basic information saved; see Basic plan',
    )
    expect(scrubText('mail ann@acme.test')).toBe('mail ann@acme.test')
  })
})

describe('the scrubber, over generated secrets (fast-check, fixed seeds)', () => {
  const RUNS = 300

  /** A Luhn-valid card number of 13 to 19 digits. */
  const cardDigits = fc
    .tuple(
      fc.integer({ min: 12, max: 18 }),
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 18, maxLength: 18 }),
    )
    .map(([length, pool]) => {
      const body = pool.slice(0, length)
      let sum = 0
      body
        .slice()
        .reverse()
        .forEach((digit, index) => {
          const doubled = index % 2 === 0 ? digit * 2 : digit
          sum += doubled > 9 ? doubled - 9 : doubled
        })
      return `${body.join('')}${(10 - (sum % 10)) % 10}`
    })

  /** The digits cut into groups, each group joined by a space or a dash, or not cut at all. */
  const written = fc
    .tuple(cardDigits, fc.array(fc.integer({ min: 1, max: 18 }), { maxLength: 5 }), fc.constantFrom(' ', '-'))
    .map(([digits, cuts, separator]) => {
      const at = [...new Set(cuts.filter((cut) => cut < digits.length))].sort((a, b) => a - b)
      const groups = [0, ...at].map((start, index) => digits.slice(start, at[index] ?? digits.length))
      return { digits, text: groups.join(separator) }
    })

  const before = fc.constantFrom('', 'card ', 'PAN: ', 'paid with (', '"', 'number=', '[')
  const after = fc.constantFrom('', '.', ' declined', ')', '"', ', retry', ']')

  it('never lets a card number through, in text or a context', () => {
    fc.assert(
      fc.property(written, before, after, ({ digits, text }, prefix, suffix) => {
        const message = `${prefix}${text}${suffix}`
        const sent = JSON.stringify([scrubText(message), scrubContext({ note: message, list: [message] })])
        expect(sent.replace(/[ -]/g, '')).not.toContain(digits)
      }),
      { numRuns: RUNS, seed: 3001 },
    )
  })

  it('keeps a number one digit off a card number', () => {
    fc.assert(
      fc.property(cardDigits, (digits) => {
        const last = Number(digits.at(-1))
        const off = `${digits.slice(0, -1)}${(last + 1) % 10}`
        expect(scrubText(`ref ${off} ok`)).toBe(`ref ${off} ok`)
      }),
      { numRuns: RUNS, seed: 3002 },
    )
  })

  const secretWords = fc.constantFrom(
    ['card', 'number'],
    ['account', 'number'],
    ['otp'],
    ['sms', 'otp'],
    ['password'],
    ['api', 'key'],
    ['access', 'token'],
    ['refresh', 'token'],
    ['client', 'secret'],
    ['pin'],
    ['cvv'],
    ['virtual', 'card', 'number'],
    ['bank', 'account', 'number'],
  )
  const casing = fc.constantFrom(
    (words: readonly string[]) =>
      words.map((word, index) => (index === 0 ? word : word[0]?.toUpperCase() + word.slice(1))).join(''),
    (words: readonly string[]) => words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join(''),
    (words: readonly string[]) => words.join('_'),
    (words: readonly string[]) => words.join('_').toUpperCase(),
    (words: readonly string[]) => words.join('-'),
    (words: readonly string[]) => words.join('-').toUpperCase(),
  )
  const secretKey = fc.tuple(secretWords, casing).map(([words, style]) => style(words))
  const secretValue = fc.stringMatching(/^[A-Za-z0-9]{12,32}$/)

  it('never lets a value under a secret key through, in any casing, in objects, text or JSON', () => {
    fc.assert(
      fc.property(secretKey, secretValue, (key, value) => {
        const json = JSON.stringify({ [key]: value, ok: true })
        const sent = JSON.stringify([
          scrubContext({ [key]: value, nested: [{ deeper: { [key]: value } }] }),
          scrubText(`failed: ${key}=${value}&next=1`),
          scrubText(`rejected ${key}: ${value} again`),
          scrubContext({ body: json, text: `answer ${json} refused`, twice: JSON.stringify(json) }),
          scrubText(JSON.stringify({ request: json })),
        ])
        expect(sent).not.toContain(value)
      }),
      { numRuns: RUNS, seed: 3003 },
    )
  })

  const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  const jwt = fc
    .tuple(fc.stringMatching(/^[a-z0-9@.]{4,24}$/), fc.stringMatching(/^[A-Za-z0-9_-]{20,60}$/))
    .map(
      ([sub, signature]) =>
        `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(JSON.stringify({ sub, scp: ['r:cart'] }))}.${signature}`,
    )
  const password = fc.stringMatching(/^[A-Za-z0-9!*~]{10,24}$/)

  it('never lets a bearer token, a JWT or Basic or URL credentials through', () => {
    fc.assert(
      fc.property(jwt, fc.stringMatching(/^[a-z]{3,10}$/), password, (token, user, secret) => {
        const basic = btoa(`${user}:${secret}`)
        const sent = JSON.stringify([
          scrubText(`Authorization: Bearer ${token}`),
          scrubText(`decode failed for ${token}.`),
          scrubText(`/implicit/callback#id_token=${token}&state=x`),
          scrubText(`Authorization: Basic ${basic}`),
          scrubText(`GET https://${user}:${secret}@api.example.com/v2 failed`),
          scrubContext({
            error: new Error(`upstream said Basic ${basic} was refused`),
            header: `Bearer ${token}`,
          }),
        ])
        expect(sent).not.toContain(token)
        expect(sent).not.toContain(token.split('.')[1])
        expect(sent).not.toContain(basic)
        expect(sent).not.toContain(secret)
      }),
      { numRuns: RUNS, seed: 3004 },
    )
  })
})
