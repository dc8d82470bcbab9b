import { Hono } from 'hono'
import type { NotificationEvent } from '../../contract/settings'
import type { ApiEnv } from '../api/env'
import { MERCHANT_IDS } from '../data/ids'
import { defineResource } from './resource'
import { type AccessKeyRecord, accessKeyRoutes, generateAccessKeys } from './settings-access-keys'
import { type BankInformationRecord, bankRoutes, generateBankInformation } from './settings-bank'
import { codeRoutes } from './settings-codes'
import {
  type CheckoutDesignRecord,
  designRoutes,
  generateCheckoutDesign,
  generatePlacements,
  type PlacementsRecord,
} from './settings-design'
import { type FundingSettingsRecord, fundingRoutes, generateFunding } from './settings-funding'
import { merchantIdRoutes } from './settings-merchant-ids'
import {
  generateSubscriptions,
  type NotificationSubscriptionsRecord,
  notificationRoutes,
} from './settings-notifications'
import { type BusinessProfileRecord, generateProfile, profileRoutes, slugOf } from './settings-profile'

/** An email the platform would have sent, kept so tests can see who was told. */
export interface SentNotice {
  merchantID: string
  event: NotificationEvent
  to: string[]
  at: string
}

/** The merchant settings pages' data, by merchant id; mutable until the next reset. */
export interface SettingsData {
  profiles: Map<string, BusinessProfileRecord>
  bankInformation: Map<string, BankInformationRecord>
  funding: Map<string, FundingSettingsRecord>
  subscriptions: Map<string, NotificationSubscriptionsRecord>
  accessKeys: AccessKeyRecord[]
  checkoutDesigns: Map<string, CheckoutDesignRecord>
  /** Merchants with no live program have none. */
  placements: Map<string, PlacementsRecord>
  /** The merchant's admins: who hears about a bank account change. */
  admins: Map<string, readonly string[]>
  sentNotices: SentNotice[]
}

const NAMED_ADMINS: Readonly<Record<string, readonly string[]>> = {
  [MERCHANT_IDS.acme]: ['owner@acme.test', 'controller@acmeoutdoor.example', 'ops.lead@acmeoutdoor.example'],
  [MERCHANT_IDS.initech]: ['clinic@initech.test', 'office@initechdental.example'],
  [MERCHANT_IDS.harbor]: ['manager@harbor.test', 'finance@harborhome.example'],
}

export const settings = defineResource({
  key: 'settings',
  generate: ({ random, need }) => {
    const data: SettingsData = {
      profiles: new Map(),
      bankInformation: new Map(),
      funding: new Map(),
      subscriptions: new Map(),
      accessKeys: [],
      checkoutDesigns: new Map(),
      placements: new Map(),
      admins: new Map(),
      sentNotices: [],
    }
    const programs = need('programs')
    for (const merchant of need('merchants')) {
      const slug = slugOf(merchant.name)
      const admins = NAMED_ADMINS[merchant.id] ?? [`owner@${slug}.example`, `accounts@${slug}.example`]
      data.admins.set(merchant.id, admins)
      data.profiles.set(merchant.id, generateProfile(merchant, random))
      data.bankInformation.set(merchant.id, generateBankInformation(merchant, random))
      data.funding.set(merchant.id, generateFunding(merchant, random))
      data.subscriptions.set(merchant.id, generateSubscriptions(merchant.id, admins, slug))
      data.accessKeys.push(...generateAccessKeys(merchant.id, random))
      data.checkoutDesigns.set(merchant.id, generateCheckoutDesign(merchant, random))
      const placements = generatePlacements(merchant, programs, random)
      if (placements) data.placements.set(merchant.id, placements)
    }
    return data
  },
  routes: (deps) =>
    new Hono<ApiEnv>()
      .route('/', profileRoutes(deps))
      .route('/', bankRoutes(deps))
      .route('/', fundingRoutes(deps))
      .route('/', notificationRoutes(deps))
      .route('/', accessKeyRoutes(deps))
      .route('/', designRoutes(deps))
      .route('/', codeRoutes(deps))
      .route('/', merchantIdRoutes(deps)),
})
