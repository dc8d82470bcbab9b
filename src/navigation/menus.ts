import type { MessageDescriptor } from '@lingui/core'
import type { AnyRoute } from '@tanstack/react-router'
import type { ComponentType } from 'react'
import type { FileRouteTypes } from '../../routes.gen'
import { type AccessFacts, GATES } from '../access/gates'
import { gateOf } from '../guards/guard'

export type NavIcon = ComponentType<{ size?: number; 'aria-hidden'?: boolean }>

/**
 * A count shown beside a menu item, linking to what it counts; it renders nothing while there is
 * nothing to count. `onNavigate` closes the navigation on a phone, as following the item does.
 */
export type NavBadge = ComponentType<{ onNavigate(): void }>

/** A route's place in the navigation, declared on the route as `staticData.nav`. */
export interface NavEntry {
  label: MessageDescriptor
  /** Among the entries of one menu, lower first. */
  order: number
  icon?: NavIcon
  /** Shown beside the item in the menu on screen (loaded lazily: it must not delay any page). */
  badge?: NavBadge
  /** Words that also find the page in the command palette (never shown). */
  keywords?: MessageDescriptor
  /** Listed in the command palette only: an action more than a place to go, such as creating a cart. */
  paletteOnly?: true
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route's entry in its layout's menu and in the command palette (src/navigation/menus.ts). */
    nav?: NavEntry
  }
}

/** An entry of a menu: a page, or a layout standing for its pages (the settings area). */
export interface MenuItem extends NavEntry {
  /** The route's id, unique in a menu. */
  id: string
  /** Where the item goes: the page, or a layout's first page the user may open. */
  to: FileRouteTypes['to']
  /** The addresses the item stands for, so that a menu marks it while one of them is open. */
  paths: readonly string[]
  /** A layout's own menu (the settings menu), empty for a page. */
  items: readonly MenuItem[]
}

/** The router's routes (`Object.values(router.routesById)`). */
export type Routes = readonly AnyRoute[]

/** The signed-in area's layout: its menu is the main navigation. */
export const MAIN_LAYOUT = '/_authed/_merchant'

function childrenOf(routes: Routes, parentId: string): AnyRoute[] {
  return routes.filter((route) => route.parentRoute?.id === parentId)
}

/** The pages under a route, itself included when it is one: the routes with no routes below them. */
function pagesOf(routes: Routes, route: AnyRoute): AnyRoute[] {
  const children = childrenOf(routes, route.id)
  return children.length === 0 ? [route] : children.flatMap((child) => pagesOf(routes, child))
}

/** Whether the route's own guard lets these facts in: the gate it names, exactly as the guard checks it. */
function opens(route: AnyRoute, access: AccessFacts): boolean {
  const gate = gateOf(route.options.beforeLoad)
  return gate === undefined || GATES[gate].allows(access)
}

/**
 * The menu of a layout for these access facts: the routes right below it that declare a `nav` entry
 * and whose guard lets the user in, in their order. A layout's entry goes to the first of its own
 * entries (or of its pages) the user may open, and is left out when there is none. The command
 * palette's entries (`paletteOnly`) are included; a menu on screen leaves them out.
 */
export function menuOf(routes: Routes, layoutId: string, access: AccessFacts): MenuItem[] {
  const items: MenuItem[] = []
  for (const route of childrenOf(routes, layoutId)) {
    const entry = route.options.staticData?.nav
    if (!entry || !opens(route, access)) continue
    const sub = menuOf(routes, route.id, access)
    const pages = pagesOf(routes, route)
    const to: FileRouteTypes['to'] | undefined = sub[0]?.to ?? pages.find((page) => opens(page, access))?.to
    if (to === undefined) continue
    items.push({ ...entry, id: route.id, to, paths: pages.map((page) => page.to), items: sub })
  }
  return items.sort((a, b) => a.order - b.order)
}

/** Whether `pathname` is one of the item's pages, or below one (a cart below /carts). */
export function isCurrent(item: MenuItem, pathname: string): boolean {
  return item.paths.some((path) => pathname === path || pathname.startsWith(`${path}/`))
}
