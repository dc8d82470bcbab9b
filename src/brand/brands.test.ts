import { DEFAULT_THEME, defaultVariantColorsResolver, mergeMantineTheme } from '@mantine/core'
import { describe, expect, it } from 'vitest'
import { BRAND_IDENTITIES } from './brands'

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05)

describe.each(Object.values(BRAND_IDENTITIES))('the $brand theme', ({ theme: override }) => {
  const theme = mergeMantineTheme(DEFAULT_THEME, override)
  const resolve = theme.variantColorResolver

  it('gives filled red controls a background white text reads on at 4.5:1 or more', () => {
    const { background, color } = resolve({ color: 'red', theme, variant: 'filled' })
    expect(color).toBe('var(--mantine-color-white)')
    expect(contrastWithWhite(background)).toBeGreaterThanOrEqual(4.5)
  })

  it('leaves every other colour and variant as Mantine resolves them', () => {
    for (const input of [
      { color: theme.primaryColor, variant: 'filled' },
      { color: 'red', variant: 'light' },
      { color: 'gray', variant: 'filled' },
    ]) {
      expect(resolve({ ...input, theme })).toEqual(defaultVariantColorsResolver({ ...input, theme }))
    }
  })
})
