import { MantineProvider } from '@mantine/core'
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { BRAND_IDENTITIES, cssVariablesResolver } from '../brand/brands'
import { ThemeCssVariables, themeCssVariables } from './theme-css-variables'

afterEach(cleanup)

/** The variables Mantine's own provider writes for a theme, read from the page. */
function writtenByMantine(theme: (typeof BRAND_IDENTITIES)['BANK']['theme']): string {
  const { container, unmount } = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <span />
    </MantineProvider>,
  )
  const text = [...document.querySelectorAll('style[data-mantine-styles]')]
    .map((style) => style.textContent ?? '')
    .find((css) => css.includes('--mantine-'))
  unmount()
  expect(container).toBeDefined()
  return text ?? ''
}

describe('themeCssVariables', () => {
  for (const identity of Object.values(BRAND_IDENTITIES)) {
    it(`writes what Mantine's provider writes for the ${identity.brand} brand`, () => {
      const mantine = writtenByMantine(identity.theme)
      expect(mantine).toContain('--mantine-color-dimmed')
      expect(themeCssVariables(identity.theme, cssVariablesResolver)).toBe(mantine)
    })
  }

  it('tells the brands apart, and works a theme out once', () => {
    const bank = themeCssVariables(BRAND_IDENTITIES.BANK.theme, cssVariablesResolver)
    expect(bank).not.toBe(themeCssVariables(BRAND_IDENTITIES.DEFAULT.theme, cssVariablesResolver))
    expect(bank).toContain(BRAND_IDENTITIES.BANK.theme.colors?.harbor?.[8] ?? 'harbor')
    let calls = 0
    const counting: typeof cssVariablesResolver = (theme) => {
      calls++
      return cssVariablesResolver(theme)
    }
    const theme = { ...BRAND_IDENTITIES.BANK.theme }
    themeCssVariables(theme, counting)
    themeCssVariables(theme, counting)
    expect(calls).toBe(1)
  })

  it('puts them in a style element with the nonce', () => {
    render(
      <MantineProvider withCssVariables={false}>
        <ThemeCssVariables
          theme={BRAND_IDENTITIES.DEFAULT.theme}
          resolver={cssVariablesResolver}
          nonce="n0nce"
        />
      </MantineProvider>,
    )
    const style = document.querySelector('style[data-mantine-styles][nonce="n0nce"]')
    expect(style?.textContent).toContain('--mantine-primary-color-filled')
  })
})
