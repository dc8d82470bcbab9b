import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { openSiteStorage, SiteDataBlockedError } from './site-data'
import { renderSiteDataBlocked } from './site-data-blocked'

/** A window as Chromium gives it when site data is blocked: reading either storage throws. */
const blockedWindow = {
  get localStorage(): Storage {
    throw new DOMException("Failed to read the 'localStorage' property from 'Window'", 'SecurityError')
  },
  get sessionStorage(): Storage {
    throw new DOMException("Failed to read the 'sessionStorage' property from 'Window'", 'SecurityError')
  },
}

let root: HTMLElement | null = null

afterEach(() => {
  root?.remove()
  root = null
})

function mount(): HTMLElement {
  root = document.createElement('div')
  document.body.append(root)
  return root
}

describe('start-up with site data blocked', () => {
  it('is told apart from other start-up failures', () => {
    expect(() => openSiteStorage(blockedWindow)).toThrow(SiteDataBlockedError)
    expect(openSiteStorage(window).local).toBe(window.localStorage)
  })

  it('explains, in the browser language, that the site needs site data, and offers a reload', async () => {
    let reloads = 0
    await renderSiteDataBlocked(mount(), {
      languages: ['fr-CA'],
      host: 'portal.example.com',
      reload: () => {
        reloads += 1
      },
    })
    expect(
      screen.getByRole('heading', { level: 1, name: 'Ce site a besoin des témoins et des données de site' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/portal\.example\.com/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Recharger' }))
    expect(reloads).toBe(1)
  })

  it('explains it in English when the browser language cannot be loaded', async () => {
    await renderSiteDataBlocked(mount(), {
      languages: ['es-US'],
      host: 'portal.example.com',
      reload: () => undefined,
      loadCatalog: async () => {
        throw new TypeError('Failed to fetch dynamically imported module')
      },
    })
    expect(
      screen.getByRole('heading', { level: 1, name: 'This site needs cookies and site data' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText(
        "Allow cookies and site data for portal.example.com in your browser's settings, then reload the page.",
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
  })
})
