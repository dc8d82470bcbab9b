import type { Store } from '../store'
import { flags } from './flags'
import { logs } from './logs'
import { merchants } from './merchants'
import { passwords } from './passwords'
import { paymentProducts } from './payment-products'
import { programs } from './programs'
import type { Resource } from './resource'
import { tenants } from './tenants'
import { transactions } from './transactions'

/** Every resource, in generation order: a resource may only `need` those listed before it. */
export const RESOURCES = [
  tenants,
  merchants,
  programs,
  paymentProducts,
  flags,
  logs,
  transactions,
  passwords,
] as const satisfies readonly Resource[]

/** Store keys no resource generates; must stay `never` (checked in store.ts). */
export type UngeneratedStoreKeys = Exclude<keyof Store, (typeof RESOURCES)[number]['key']>
