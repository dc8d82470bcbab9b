import type { QueryClient } from '@tanstack/react-query'
import type { AppServices } from '../services/app-services'

export interface RouterContext {
  queryClient: QueryClient
  services: AppServices
}

/** What the signed-in shell's guard hands a page's `staticData.withShell` (see src/app/router.tsx). */
export interface ShellStart {
  context: RouterContext
  merchantId: string
  /** The merchant's active programs, in the order the guard's context will list them. */
  programIds: readonly string[]
  /** The page's search parameters, as its route validated them. */
  search: unknown
  /** 'enter' when the navigation opens the page, 'stay' when it changes the page's parameters. */
  cause: 'preload' | 'enter' | 'stay'
}
