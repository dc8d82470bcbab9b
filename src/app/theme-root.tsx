import { MantineProvider } from '@mantine/core'
import { useMatch } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { AlertHost } from '../alerts/alert-host'
import { brandIdentity, cssVariablesResolver } from '../brand/brands'

/**
 * Themes the app for the signed-in tenant's brand. It sits inside the router (as its InnerWrap),
 * so the brand comes straight from the guard's resolved context; before sign-in it is the default.
 */
export function ThemeRoot({ children }: { children: ReactNode }) {
  const brand = useMatch({
    from: '/_authed',
    shouldThrow: false,
    select: (match) => match.context.access?.brand,
  })
  return (
    <MantineProvider theme={brandIdentity(brand).theme} cssVariablesResolver={cssVariablesResolver}>
      {children}
      <AlertHost />
    </MantineProvider>
  )
}
