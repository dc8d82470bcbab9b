import { createRandom, SEED } from './data/random'
import type { ActivityData } from './resources/activity-records'
import type { CartsData } from './resources/carts-records'
import type { FlagsData } from './resources/flags'
import { RESOURCES, type UngeneratedStoreKeys } from './resources/index'
import type { InsightsData } from './resources/insights'
import type { LocationsData } from './resources/locations'
import type { LogsData } from './resources/logs'
import type { MerchantsData } from './resources/merchants'
import type { OutboxData } from './resources/outbox'
import type { PasswordsData } from './resources/passwords'
import type { PaymentProductsData } from './resources/payment-products-data'
import type { ProgramsData } from './resources/programs'
import type { Resource } from './resources/resource'
import type { SettingsData } from './resources/settings'
import type { SettlementsData } from './resources/settlements-report'
import type { TargetingExportsData } from './resources/targeting-exports-jobs'
import type { TenantsData } from './resources/tenants'
import type { TransactionsData } from './resources/transactions-ledger'
import type { UsersData } from './resources/users-records'
import type { VirtualCardsData } from './resources/virtual-cards'

/** All data the sandbox serves, one key per resource module; replaced whole by reset(). */
export interface Store {
  tenants: TenantsData
  merchants: MerchantsData
  programs: ProgramsData
  paymentProducts: PaymentProductsData
  flags: FlagsData
  logs: LogsData
  transactions: TransactionsData
  insights: InsightsData
  passwords: PasswordsData
  settings: SettingsData
  outbox: OutboxData
  carts: CartsData
  locations: LocationsData
  users: UsersData
  virtualCards: VirtualCardsData
  settlements: SettlementsData
  targetingExports: TargetingExportsData
  activity: ActivityData
}

export function generateStore(seed: number = SEED): Store {
  const root = createRandom(seed)
  const built: Partial<Store> = {}
  for (const resource of RESOURCES as readonly Resource[]) {
    const data = resource.generate({
      random: root.fork(resource.key),
      need: (key) => {
        const value = built[key]
        if (value === undefined) {
          throw new Error(`resource ${resource.key} needs ${key}: list ${key} before it in RESOURCES`)
        }
        return value
      },
    })
    Object.assign(built, { [resource.key]: data })
  }
  // Every key is filled: each resource generates its own, and the check below proves each key has one.
  return built as Store
}

// A compile error here means a Store key has no module in RESOURCES.
const everyKeyGenerated: [UngeneratedStoreKeys] extends [never] ? true : never = true
void everyKeyGenerated
