import { createFileRoute } from '@tanstack/react-router'

/** The older address of the account settings page, kept for links: the page is its layout's (../_business-profile.tsx). */
export const Route = createFileRoute('/_authed/_merchant/_settings/_business-profile/general-settings')()
