import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import type { RouterContext } from '../app/context'
import { StandaloneNotFound, StandaloneRouteError } from '../ui/standalone'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: StandaloneNotFound,
  errorComponent: StandaloneRouteError,
})
