import type { Plugin } from 'vite'

/**
 * Mantine's AppShell header, footer and aside import the whole of react-remove-scroll (the component
 * that modals use to stop the page scrolling under them, 3 KB gzip) for one string: the class that
 * keeps a fixed bar clear of the scrollbar, `RemoveScroll.classNames.zeroRight`. A build of the shell
 * then carries it on every signed-in page's first paint, though only a dialog uses it. This plugin
 * points those three modules at the constant itself, in react-remove-scroll-bar's constants module,
 * where react-remove-scroll takes it from; dialogs still load the component with their own chunks.
 */
const SHELL_BARS =
  /@mantine\/core\/esm\/components\/AppShell\/AppShell(Header|Footer|Aside)\/AppShell\1\.mjs$/
const IMPORT = 'import { RemoveScroll } from "react-remove-scroll";'
const USE = 'RemoveScroll.classNames.zeroRight'

export function rewriteShellBar(code: string): string | null {
  if (!code.includes(IMPORT) || !code.includes(USE)) return null
  const rest = code.replace(IMPORT, '')
  // Any other use of the component would still need it: leave such a module alone.
  if (rest.replaceAll(USE, '').includes('RemoveScroll')) return null
  return `import { zeroRightClassName } from "react-remove-scroll-bar/constants";${rest.replaceAll(USE, 'zeroRightClassName')}`
}

export function appShellScrollClass(): Plugin {
  return {
    name: 'app-shell-scroll-class',
    apply: 'build',
    transform(code, id) {
      if (!SHELL_BARS.test(id)) return null
      const rewritten = rewriteShellBar(code)
      if (rewritten === null) this.error(`${id} no longer uses RemoveScroll as this plugin expects`)
      return { code: rewritten, map: null }
    },
  }
}
