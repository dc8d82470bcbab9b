import {
  type ConvertCSSVariablesInput,
  type CSSVariablesResolver,
  convertCssVariables,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  type MantineThemeOverride,
  mergeMantineTheme,
} from '@mantine/core'

const written = new WeakMap<MantineThemeOverride, string>()
let defaults: ConvertCSSVariablesInput | undefined

/**
 * The `:root` (and `:host`) CSS variables of a theme, as Mantine's provider writes them (its resolver's variables
 * merged with ours, less those its stylesheet already declares with the same value), worked out once
 * per theme. Mantine's provider works them out at each of its renders, three in a page load (the
 * router's first render, the signed-in match, the tenant's answer), about 30 ms each on a phone.
 */
export function themeCssVariables(override: MantineThemeOverride, resolver: CSSVariablesResolver): string {
  const known = written.get(override)
  if (known !== undefined) return known
  const theme = mergeMantineTheme(DEFAULT_THEME, override)
  const merged = deepMerge(defaultCssVariablesResolver(theme), resolver(theme))
  defaults ??= defaultCssVariablesResolver(DEFAULT_THEME)
  const base = defaults
  const changed = (part: 'variables' | 'light' | 'dark') => {
    const declared = new Map(Object.entries(base[part]))
    return Object.fromEntries(
      Object.entries(merged[part]).filter(([name, value]) => declared.get(name) !== value),
    )
  }
  const css = convertCssVariables({
    variables: changed('variables'),
    light: changed('light'),
    dark: changed('dark'),
  })
  written.set(override, css)
  return css
}

/** The theme's CSS variables in a style element (Mantine's provider is told not to write its own). */
export function ThemeCssVariables({
  theme,
  resolver,
  nonce,
}: {
  theme: MantineThemeOverride
  resolver: CSSVariablesResolver
  nonce: string | undefined
}) {
  const css = themeCssVariables(theme, resolver)
  if (!css) return null
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a stylesheet's text, made by Mantine from the theme's values (see trusted-types.ts)
  return <style data-mantine-styles nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />
}
