import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, parseConfig } from '../config/config'
import { renderStartupError } from './startup-error'

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

/** What loadConfig rejects with when the server answers `/config.json` with `response`. */
async function configFailure(response: Response): Promise<unknown> {
  return loadConfig(async () => response, 'https://portal.example.com').catch((error: unknown) => error)
}

function invalidConfig(raw: unknown): unknown {
  try {
    parseConfig(raw, 'https://portal.example.com')
  } catch (error) {
    return error
  }
  throw new Error('expected the configuration to be refused')
}

describe('start-up without a valid config.json', () => {
  it('says the file is missing, with one heading, in English when English is asked for', async () => {
    const error = await configFailure(new Response('not found', { status: 404 }))
    expect(error).toBeInstanceOf(ConfigError)
    await renderStartupError(mount(), error, { languages: ['en-US'] })
    expect(screen.getAllByRole('heading')).toHaveLength(1)
    expect(
      screen.getByRole('heading', { level: 1, name: 'The Merchant Portal could not start' }),
    ).toBeVisible()
    expect(screen.getByText('Its configuration file, /config.json, is missing.')).toBeVisible()
    expect(screen.getByRole('main')).toBeVisible()
    expect(document.title).toBe('The Merchant Portal could not start')
  })

  it('names each missing and invalid key, in the browser language, with the details in English', async () => {
    const error = invalidConfig({ env: 'production', issuer: 'ftp://idp', fakeAuth: true })
    await renderStartupError(mount(), error, { languages: ['fr-CA', 'en-US'] })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      "Le Portail marchand n'a pas pu démarrer",
    )
    expect(
      screen.getByText('Son fichier de configuration, /config.json, contient des valeurs inutilisables :'),
    ).toBeVisible()
    const items = within(screen.getByRole('list')).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      "issuer n'est pas valide: issuer must be an http or https URL",
      "clientId est manquant: the portal's client id at the identity provider",
      "appID est manquant: the portal's application id at the platform",
      "fakeAuth n'est pas valide: fakeAuth is allowed only in the pre-production environments (local, dev, qa, sandbox, staging)",
    ])
    // The details are English in a French page: marked so for screen readers.
    for (const item of items) expect(item.querySelector('code')?.lang).toBe('en-US')
  })

  it('says what else stopped it, in English when the catalog cannot load', async () => {
    await renderStartupError(mount(), new TypeError('Failed to fetch'), {
      languages: ['es-US'],
      loadCatalog: async () => {
        throw new TypeError('Failed to fetch dynamically imported module')
      },
    })
    expect(
      screen.getByRole('heading', { level: 1, name: 'The Merchant Portal could not start' }),
    ).toBeVisible()
    expect(screen.getByText('Something went wrong while it was starting.')).toBeVisible()
    expect(screen.getByText('Failed to fetch')).toBeVisible()
  })
})
