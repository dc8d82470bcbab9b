import { setNonce } from 'get-nonce'

/**
 * The nonce this page's policy allows style elements by (deploy/security-headers.ts): the server
 * writes a fresh one into every answer, in Vite's `<meta property="csp-nonce">`. Browsers hide a
 * nonce attribute once they have read it, so it is read from the element's `nonce` property. None
 * where the page has no such tag (tests), and then no style element is given one.
 */
export function styleNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')
  return meta?.nonce || meta?.getAttribute('nonce') || undefined
}

/**
 * Gives the page's nonce to the style elements written outside React: the scroll lock of an open
 * dialog (react-remove-scroll, through get-nonce). Mantine's own take it from the MantineProvider.
 */
export function installStyleNonce(): void {
  const nonce = styleNonce()
  if (nonce) setNonce(nonce)
}
