import postcss from 'postcss'
import { describe, expect, it } from 'vitest'
import { lightSchemeOnly } from './light-scheme-css.ts'

const run = async (css: string) => (await postcss([lightSchemeOnly()]).process(css, { from: undefined })).css

describe('the light-scheme-only stylesheet plugin', () => {
  it('drops rules that match only in the dark colour scheme, quoted or not', async () => {
    const css = await run(
      ':root{--a:1}\n[data-mantine-color-scheme="dark"] .x{color:red}\n:root[data-mantine-color-scheme=dark]{--b:2}',
    )
    expect(css).toBe(':root{--a:1}')
  })

  it('keeps the light selectors of a rule that lists both', async () => {
    const css = await run(
      '[data-mantine-color-scheme="light"] .x, [data-mantine-color-scheme="dark"] .x{color:red}',
    )
    expect(css).toBe('[data-mantine-color-scheme="light"] .x{color:red}')
  })

  it('removes an at-rule the dark rules leave empty, and nothing else', async () => {
    const css = await run(
      '@media (min-width: 10em){[data-mantine-color-scheme=dark] .y{color:red}}\n@media print{.z{color:blue}}',
    )
    expect(css).toBe('@media print{.z{color:blue}}')
  })
})
