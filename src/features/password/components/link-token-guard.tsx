import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set once a link page has masked its token (the router skips a navigation to the same state). */
    linkTokenMasked?: true
  }
}

/** What the address bar shows in place of the token (`/activate/link`): a reload still opens the form. */
const MASKED_TOKEN = 'link'

/**
 * Keeps an emailed link's one-time token to the page that reads it. Every request the page makes goes
 * without a Referer (the server sends `Referrer-Policy: no-referrer` for these paths too; this covers
 * the dev server and a proxy that drops it), and once the route has read the token the address bar
 * shows `link` in its place: nothing copied, bookmarked or shared from it carries the credential.
 * The router keeps the real location in the tab's history state, so a reload still opens the form.
 */
export function LinkTokenGuard() {
  const navigate = useNavigate()
  useEffect(() => {
    void navigate({
      to: '.',
      replace: true,
      state: (previous) => ({ ...previous, linkTokenMasked: true }),
      mask: { to: '.', params: { activationToken: MASKED_TOKEN } },
    })
  }, [navigate])
  // React puts this in the document's head.
  return <meta name="referrer" content="no-referrer" />
}
