import { readFileSync } from 'node:fs'
import path from 'node:path'
import { RemoveScroll } from 'react-remove-scroll'
import { zeroRightClassName } from 'react-remove-scroll-bar/constants'
import { describe, expect, it } from 'vitest'
import { rewriteShellBar } from './app-shell-scroll-class.ts'

const shell = path.resolve(import.meta.dirname, '../node_modules/@mantine/core/esm/components/AppShell')

describe("the AppShell bars' scroll class", () => {
  it('is the constant react-remove-scroll itself uses', () => {
    expect(RemoveScroll.classNames.zeroRight).toBe(zeroRightClassName)
  })

  it.each(['Header', 'Footer', 'Aside'])(
    'AppShell%s takes it without importing react-remove-scroll',
    (bar) => {
      const code = readFileSync(path.join(shell, `AppShell${bar}/AppShell${bar}.mjs`), 'utf8')
      const rewritten = rewriteShellBar(code)
      expect(rewritten).not.toBeNull()
      expect(rewritten).not.toContain('react-remove-scroll"')
      expect(rewritten).toContain('import { zeroRightClassName } from "react-remove-scroll-bar/constants";')
      expect(rewritten).toContain('[zeroRightClassName]: ctx.offsetScrollbars')
    },
  )

  it('leaves a module that uses the component for more than the class alone', () => {
    const code =
      'import { RemoveScroll } from "react-remove-scroll";\nconst a = RemoveScroll.classNames.zeroRight;\nconst b = <RemoveScroll />'
    expect(rewriteShellBar(code)).toBeNull()
  })
})
