// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { MERCHANT_IDS } from '../../../sandbox/data/ids'
import { fileSandbox } from '../../support/sandbox'
import { apiHeaders } from './helpers'

const LOGO_ORIGIN = 'https://127.0.0.1:44300'
const sandbox = fileSandbox({ logoOrigin: LOGO_ORIGIN })

describe('merchant logos', () => {
  it('are addressed on the logo origin, there after a reset too, and served as images to anyone', async () => {
    sandbox.reset()
    const { portalToken } = await sandbox.control.session('owner@acme.test')
    const design = await fetch(`${sandbox.apiUrl}/api/merchant/${MERCHANT_IDS.acme}/checkout-design`, {
      headers: apiHeaders(portalToken),
    })
    const { data } = (await design.json()) as { data: { logoUrl: string } }
    expect(data.logoUrl).toBe(`${LOGO_ORIGIN}/api/logos/acmeoutdoor.svg`)

    // As an <img> asks: no token, no API version.
    const image = await fetch(`${sandbox.apiUrl}/api/logos/acmeoutdoor.svg`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/svg+xml')
    expect(await image.text()).toMatch(/^<svg [^>]*>.*acmeoutdoor.*<\/svg>$/)
    expect((await fetch(`${sandbox.apiUrl}/api/logos/..%2Fsecret.svg`)).status).toBe(404)
  })
})
