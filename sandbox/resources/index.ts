import type { Store } from '../store'
import { activity } from './activity'
import { carts } from './carts'
import { flags } from './flags'
import { insights } from './insights'
import { locations } from './locations'
import { logs } from './logs'
import { merchants } from './merchants'
import { outbox } from './outbox'
import { passwords } from './passwords'
import { paymentProducts } from './payment-products'
import { programs } from './programs'
import type { Resource } from './resource'
import { settings } from './settings'
import { settlements } from './settlements'
import { targetingExports } from './targeting-exports'
import { tenants } from './tenants'
import { transactions } from './transactions'
import { users } from './users'
import { virtualCards } from './virtual-cards'

/** Every resource, in generation order: a resource may only `need` those listed before it. */
export const RESOURCES = [
  tenants,
  merchants,
  programs,
  paymentProducts,
  flags,
  logs,
  transactions,
  insights,
  passwords,
  settings,
  outbox,
  carts,
  locations,
  users,
  virtualCards,
  settlements,
  targetingExports,
  activity,
] as const satisfies readonly Resource[]

/** Store keys no resource generates; must stay `never` (checked in store.ts). */
export type UngeneratedStoreKeys = Exclude<keyof Store, (typeof RESOURCES)[number]['key']>
