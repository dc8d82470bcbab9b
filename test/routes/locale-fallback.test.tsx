import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { type CatalogLoader, loadBundledCatalog } from '../../src/i18n/i18n'
import type { Locale } from '../../src/i18n/locales'
import { renderApp } from '../support/render-app'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()

/** The bundled catalogs, except that `locale`'s fails to load the first time, as a chunk does offline. */
function failingOnce(locale: Locale) {
  const asked: Locale[] = []
  const load: CatalogLoader = async (wanted) => {
    asked.push(wanted)
    if (wanted === locale && asked.filter((each) => each === locale).length === 1) {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/messages-abc123.js')
    }
    return loadBundledCatalog(wanted)
  }
  return { load, asked }
}

describe('a locale catalog that fails to load', () => {
  it('shows the portal in English with a notice at start-up, and the language once it is picked again', async () => {
    const user = userEvent.setup()
    const catalogs = failingOnce('es-US')
    const { context } = await renderApp({
      ...sandbox,
      path: '/login',
      services: { languages: ['es-MX', 'en-US'], loadCatalog: catalogs.load },
    })
    await screen.findByRole('heading', { level: 1, name: 'Sign in' })
    const notice = await screen.findByRole('status')
    expect(notice).toHaveTextContent(
      'The Español translation could not be loaded, so the portal is shown in English.',
    )
    expect(document.documentElement.lang).toBe('en-US')
    const picker = screen.getByRole('combobox', { name: 'Language' })
    expect(picker).toHaveValue('en-US')

    await user.selectOptions(picker, 'es-US')
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })
    expect(catalogs.asked.filter((locale) => locale === 'es-US')).toHaveLength(2)
    expect(context.services.storage.get('locale')).toBe('es-US')
    expect(document.documentElement.lang).toBe('es-US')
  })

  it('keeps the current language when a picked one fails, says so, and loads it when picked again', async () => {
    const user = userEvent.setup()
    const catalogs = failingOnce('fr-CA')
    const { context } = await renderApp({
      ...sandbox,
      path: '/login',
      services: { loadCatalog: catalogs.load },
    })
    await screen.findByRole('heading', { level: 1, name: 'Sign in' })
    const picker = screen.getByRole('combobox', { name: 'Language' })

    await user.selectOptions(picker, 'fr-CA')
    const notice = await screen.findByRole('alert')
    expect(
      within(notice).getByText(
        'The Français (Canada) translation could not be loaded. Check your connection and pick it again.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument()
    expect(picker).toHaveValue('en-US')
    expect(context.services.storage.get('locale')).toBeUndefined()

    await user.selectOptions(picker, 'fr-CA')
    await screen.findByRole('heading', { level: 1, name: 'Se connecter' })
    expect(context.services.storage.get('locale')).toBe('fr-CA')
  })
})
