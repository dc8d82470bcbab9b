import { Box } from '@mantine/core'
import type { ErrorComponentProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { NotFound } from './not-found'
import { RouteError } from './route-error'

/** The page landmark for screens the router shows outside the signed-in shell. */
export function Standalone({ children }: { children: ReactNode }) {
  return (
    <Box component="main" mih="100vh" bg="var(--mantine-color-gray-0)">
      {children}
    </Box>
  )
}

export function StandaloneNotFound() {
  return (
    <Standalone>
      <NotFound />
    </Standalone>
  )
}

export function StandaloneRouteError(props: ErrorComponentProps) {
  return (
    <Standalone>
      <RouteError {...props} />
    </Standalone>
  )
}
