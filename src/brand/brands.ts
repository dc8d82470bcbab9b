import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core'
import type { Brand } from '../../contract/merchants'
import type { Open } from '../api/schemas/common'
import { knownEntry } from '../ui/open-value'

export type { Brand }

export interface BrandIdentity {
  brand: Brand
  /** The product's name as merchants know it; a proper noun, so it is not translated. */
  productName: string
  theme: MantineThemeOverride
}

const plum: MantineColorsTuple = [
  '#f4f0fd',
  '#e4dcf6',
  '#c6b5ec',
  '#a68be3',
  '#8a67da',
  '#7850d5',
  '#6e44d4',
  '#5b36bb',
  '#512fa8',
  '#442794',
]

const harbor: MantineColorsTuple = [
  '#e6f5f8',
  '#d3e8ee',
  '#a6d0dc',
  '#75b6c9',
  '#4ea1b9',
  '#3594af',
  '#258dab',
  '#127a96',
  '#006c86',
  '#005e76',
]

/**
 * A filled red control (Discard changes, a Try Again on a failure) in red 9: white text reads at 3.8:1
 * on the brands' shade of red (7) and 5.1:1 on red 9, its hover darker still.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input)
  if (input.variant !== 'filled') return colors
  if (input.color === 'red') {
    const red = input.theme.colors.red[9] ?? '#c92a2a'
    return { ...colors, background: red, hover: darken(red, 0.1) }
  }
  if (input.color === 'orange') {
    // A filled orange badge (Expires soon): white reads at 3.0:1 on orange 7 and 4.3:1 on orange 9,
    // 5.1:1 on orange 9 darkened by a tenth.
    const orange = darken(input.theme.colors.orange[9] ?? '#d9480f', 0.1)
    return { ...colors, background: orange, hover: darken(orange, 0.1) }
  }
  return colors
}

const shared = {
  variantColorResolver,
  components: {
    // A light alert's tinted title (orange 9 on orange 1 reads at 3.6:1) misses 4.5:1; the icon and
    // the tint carry the colour, the title keeps the text colour.
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } },
    // Selects mount their option lists when opened, not hidden at start-up: each hidden list is
    // positioned on mount, a forced layout per select that held up the first paint.
    Combobox: { defaultProps: { keepMounted: false } },
  },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  cursorType: 'pointer',
  // A user who asks the system for less motion gets dialogs, drawers and menus without their transitions.
  respectReducedMotion: true,
} as const

export const BRAND_IDENTITIES: Readonly<Record<Brand, BrandIdentity>> = {
  DEFAULT: {
    brand: 'DEFAULT',
    productName: 'Tandem Merchant Portal',
    theme: createTheme({ ...shared, primaryColor: 'plum', primaryShade: 7, colors: { plum } }),
  },
  BANK: {
    brand: 'BANK',
    productName: 'Harborline Bank Merchant Center',
    theme: createTheme({ ...shared, primaryColor: 'harbor', primaryShade: 8, colors: { harbor } }),
  },
}

/** Mantine's dimmed grey (#868e96) reads at 3.3:1 on white; secondary text must still reach 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': theme.colors.gray[7] ?? '#495057',
    // The default error red (#fa5252) reads at 3.3:1 on white.
    '--mantine-color-error': theme.colors.red[9] ?? '#c92a2a',
  },
  dark: {},
})

/** The identity of a tenant's brand; a brand the portal does not know gets the default one. */
export function brandIdentity(brand: Open<Brand> | undefined): BrandIdentity {
  return (brand !== undefined && knownEntry(BRAND_IDENTITIES, brand)) || BRAND_IDENTITIES.DEFAULT
}
