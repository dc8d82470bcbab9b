import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  IconBuildingStore,
  IconChartBar,
  IconFileSpreadsheet,
  IconReceipt,
  IconSettings,
  IconShoppingCart,
  IconTarget,
  IconUsers,
} from '@tabler/icons-react'
import type { ComponentType } from 'react'
import type { FileRouteTypes } from '../../../routes.gen'
import type { AccessFacts, GateName } from '../../access/gates'
import { GATES } from '../../access/gates'
import { SETTINGS_PAGES } from '../../features/settings/settings-pages'

export interface Area {
  to: FileRouteTypes['to']
  label: MessageDescriptor
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>
  gate: GateName
  /** Other paths that belong to this area, so the navigation marks it while one is open. */
  includes?: readonly string[]
}

/** The main navigation, in the order merchants use it. */
export const AREAS: readonly Area[] = [
  { to: '/transactions', label: msg`Transactions`, icon: IconReceipt, gate: 'transactions' },
  { to: '/data-insights', label: msg`Data insights`, icon: IconChartBar, gate: 'dataInsights' },
  {
    to: '/settlement-report',
    label: msg`Settlement report`,
    icon: IconFileSpreadsheet,
    gate: 'settlementReport',
  },
  { to: '/targeting-export', label: msg`Targeting export`, icon: IconTarget, gate: 'targetingExport' },
  { to: '/carts', label: msg`Carts`, icon: IconShoppingCart, gate: 'carts' },
  { to: '/locations', label: msg`Locations`, icon: IconBuildingStore, gate: 'locations' },
  { to: '/user-management', label: msg`User management`, icon: IconUsers, gate: 'userManagement' },
  {
    to: '/account-settings',
    label: msg`Settings`,
    icon: IconSettings,
    gate: 'settings',
    includes: SETTINGS_PAGES.flatMap((page) => [page.to, ...(page.aliases ?? [])]),
  },
]

export function visibleAreas(facts: AccessFacts): Area[] {
  return AREAS.filter((area) => GATES[area.gate].allows(facts))
}
