import { useRouter } from '@tanstack/react-router'
import { useMemo } from 'react'
import type { AccessFacts } from '../access/gates'
import { MAIN_LAYOUT, type MenuItem, menuOf, type Routes } from './menus'

// The command palette's list, apart from the menus: only the palette (loaded when opened) needs it.

/** An entry of the command palette: a page, with the area it belongs to when it is in one. */
export interface Destination extends MenuItem {
  area?: MenuItem
}

/**
 * Every page the main navigation leads to for these facts, for the command palette: the areas in
 * their order, an area with a menu of its own (settings) as its separate pages.
 */
export function destinations(routes: Routes, access: AccessFacts): Destination[] {
  return menuOf(routes, MAIN_LAYOUT, access).flatMap((item): Destination[] =>
    item.items.length > 0 ? item.items.map((page) => ({ ...page, area: item })) : [item],
  )
}

/** The command palette's pages (see `destinations`). */
export function useDestinations(access: AccessFacts): Destination[] {
  const router = useRouter()
  return useMemo(() => destinations(Object.values(router.routesById), access), [router, access])
}
