/** How long a file's object URL outlives the click: the browser reads the Blob after it. */
const REVOKE_AFTER_MS = 60_000

/**
 * Hands a Blob the page already holds to the browser as a download, through a short-lived object URL:
 * the data never goes back over the network and no token ever sits in a URL.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked well after the click; revoking at once can cancel the download in Chromium.
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS)
}

/** Saves text as a file. The byte-order mark tells Excel the file is UTF-8, so accents survive. */
export function saveTextFile(content: string, fileName: string, type = 'text/csv'): void {
  saveFile(new Blob(['\uFEFF', content], { type: `${type};charset=utf-8` }), fileName)
}
