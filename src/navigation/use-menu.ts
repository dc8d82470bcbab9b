import { useRouter } from '@tanstack/react-router'
import { useMemo } from 'react'
import type { AccessFacts } from '../access/gates'
import { type MenuItem, menuOf } from './menus'

/** A layout's menu as shown on screen, read from the router's route tree: its pages the user may open. */
export function useMenu(layoutId: string, access: AccessFacts): MenuItem[] {
  const router = useRouter()
  return useMemo(
    () => menuOf(Object.values(router.routesById), layoutId, access).filter((item) => !item.paletteOnly),
    [router, layoutId, access],
  )
}
