// Runs inside the page (serialized with Function.prototype.toString): keep it self-contained, plain
// DOM code with no imports and no helpers from outside the function.

/** Which element: by role and accessible name, by label, or by text, optionally inside another. */
export interface Query {
  role?: string
  /** The accessible name, matched whole (trimmed, spaces collapsed) unless `partial`. */
  name?: string
  /** A regular expression source the name must match instead. */
  pattern?: string
  partial?: boolean
  /** Heading level, with role 'heading'. */
  level?: number
  /** A form control by its label (its accessible name). */
  label?: string
  /** Any element whose own text is this (or matches `pattern`). */
  text?: string
  /** The n-th match (0-based); the first by default. */
  nth?: number
  within?: Query
}

export type Action = 'locate' | 'count' | 'focus'

export interface Located {
  count: number
  /** The centre of the element in the viewport, scrolled into view. */
  x?: number
  y?: number
  text?: string
  value?: string
  checked?: boolean
  /** What lies on top of the element's centre when something else does. */
  covered?: string
}

export function inPage(input: { query: Query; action: Action }): Located {
  const ROLES: Record<string, string> = {
    alert: '[role="alert"]',
    banner: 'header, [role="banner"]',
    button: 'button, [role="button"], input[type="submit"], input[type="button"]',
    cell: 'td, [role="cell"]',
    checkbox: 'input[type="checkbox"], [role="checkbox"]',
    columnheader: 'th, [role="columnheader"]',
    combobox: '[role="combobox"], select, input[aria-haspopup="listbox"]',
    dialog: '[role="dialog"], dialog, [role="alertdialog"]',
    group: '[role="group"], fieldset',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    img: 'img, svg[role="img"], [role="img"]',
    link: 'a[href], [role="link"]',
    list: 'ul, ol, [role="list"]',
    main: 'main, [role="main"]',
    menuitem: '[role="menuitem"]',
    navigation: 'nav, [role="navigation"]',
    option: '[role="option"], option',
    radio: 'input[type="radio"], [role="radio"]',
    region: 'section[aria-label], section[aria-labelledby], [role="region"]',
    row: 'tr, [role="row"]',
    search: 'search, [role="search"]',
    status: '[role="status"], output',
    tab: '[role="tab"]',
    table: 'table, [role="table"]',
    textbox:
      'input:not([type]), input[type="text"], input[type="email"], input[type="search"], input[type="tel"], input[type="url"], input[type="password"], input[type="number"], textarea, [role="textbox"]',
  }
  const CONTROLS =
    'input:not([type="hidden"]), textarea, select, [role="combobox"], [role="checkbox"], [role="radio"], [role="switch"], [role="textbox"], [role="spinbutton"], [role="slider"]'
  const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim()
  // The element whose name is being computed: its own aria-label is read before its contents.
  let current: Element | null = null
  const hiddenFromAll = (element: Element) =>
    element.closest('[aria-hidden="true"], [hidden], [inert]') !== null ||
    getComputedStyle(element).visibility === 'hidden'
  // Text as assistive technology reads it: without aria-hidden parts, with visually hidden ones.
  const spoken = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
    if (!(node instanceof Element)) return ''
    if (node.getAttribute('aria-hidden') === 'true' || node.tagName === 'STYLE' || node.tagName === 'SCRIPT')
      return ''
    const label = node.getAttribute('aria-label')
    if (label && node !== current) return ` ${label} `
    return [...node.childNodes].map(spoken).join('')
  }
  const byIds = (ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => document.getElementById(id))
      .map((element) => (element ? spoken(element) : ''))
      .join(' ')
  const nameOf = (element: Element): string => {
    current = element
    const labelledBy = element.getAttribute('aria-labelledby')
    if (labelledBy) return squash(byIds(labelledBy))
    const label = element.getAttribute('aria-label')
    if (label) return squash(label)
    const labels = (element as HTMLInputElement).labels
    if (labels && labels.length > 0) return squash([...labels].map(spoken).join(' '))
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
      return squash(element.title || element.placeholder)
    if (element instanceof HTMLImageElement) return squash(element.alt)
    const legend = element instanceof HTMLFieldSetElement ? element.querySelector(':scope > legend') : null
    if (legend) return squash(spoken(legend))
    return squash(spoken(element)) || squash(element.getAttribute('title'))
  }
  const shown = (element: Element) => {
    const rect = element.getBoundingClientRect()
    // Mantine's checkboxes and radios are transparent inputs over their drawing: sized, so shown.
    return rect.width > 0 && rect.height > 0 && !hiddenFromAll(element)
  }
  const matches = (value: string, query: Query, wanted: string | undefined) => {
    if (query.pattern !== undefined) return new RegExp(query.pattern).test(value)
    if (wanted === undefined) return true
    return query.partial ? value.includes(wanted) : value === wanted
  }
  const find = (query: Query, root: ParentNode): Element[] => {
    let candidates: Element[]
    if (query.role) {
      const role = query.role
      const selector = ROLES[role] ?? `[role="${role}"]`
      candidates = [...root.querySelectorAll(selector)].filter((element) => {
        const explicit = element.getAttribute('role')
        if (explicit && explicit !== role && !(role === 'heading' && explicit === 'heading')) return false
        if (query.level !== undefined) {
          const level = Number(element.getAttribute('aria-level') ?? element.tagName.replace(/^H/, ''))
          if (level !== query.level) return false
        }
        return matches(nameOf(element), query, query.name)
      })
    } else if (query.label !== undefined) {
      const label = query.label
      candidates = [...root.querySelectorAll(CONTROLS)].filter((element) =>
        matches(nameOf(element), query, label),
      )
    } else {
      candidates = [...root.querySelectorAll('body *')].filter((element) => {
        const own = squash(
          [...element.childNodes]
            .filter((node) => node.nodeType === Node.TEXT_NODE)
            .map((node) => node.textContent)
            .join(''),
        )
        return own !== '' && matches(own, query, query.text)
      })
    }
    return candidates.filter(shown)
  }
  const { query, action } = input
  let root: ParentNode = document
  if (query.within) {
    const [scope] = find(query.within, document)
    if (!scope) return { count: 0 }
    root = scope
  }
  const found = find(query, root)
  if (action === 'count') return { count: found.length }
  const element = found[query.nth ?? 0]
  if (!element) return { count: found.length }
  const result: Located = {
    count: found.length,
    text: squash((element as HTMLElement).innerText ?? element.textContent),
    value: 'value' in element ? String((element as HTMLInputElement).value) : undefined,
    checked:
      element instanceof HTMLInputElement
        ? element.checked
        : element.getAttribute('aria-checked') === 'true' || element.getAttribute('aria-pressed') === 'true',
  }
  if (action === 'focus') {
    ;(element as HTMLElement).focus()
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.select()
    return result
  }
  element.scrollIntoView({ block: 'center', inline: 'center' })
  const rect = element.getBoundingClientRect()
  const x = rect.left + rect.width / 2
  const y = rect.top + rect.height / 2
  const top = document.elementFromPoint(x, y)
  // A label drawn over its transparent input (Mantine's checkboxes) counts as the input.
  const label = top?.closest('label')
  const same =
    top !== null &&
    (element.contains(top) ||
      top.contains(element) ||
      (label !== null && label !== undefined && label.control === element))
  return {
    ...result,
    x,
    y,
    covered: same || !top ? undefined : `${top.tagName.toLowerCase()}.${[...top.classList].join('.')}`,
  }
}
