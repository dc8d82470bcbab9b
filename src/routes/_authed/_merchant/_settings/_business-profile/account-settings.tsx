import { createFileRoute } from '@tanstack/react-router'

/** The account settings page's address: the page is its layout's (../_business-profile.tsx). */
export const Route = createFileRoute('/_authed/_merchant/_settings/_business-profile/account-settings')()
