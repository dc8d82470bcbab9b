import * as v from 'valibot'
import {
  AddressSchema,
  BankAccountTypeSchema,
  BUTTON_STYLES,
  FundingScheduleSchema,
  HEX_COLOR,
  KEY_ENVIRONMENTS,
  MERCHANT_ID_VERDICTS,
  MESSAGE_STYLES,
  PAGE_TYPES,
  PLACEMENT_TERMS,
  RecipientSchema,
  SettlementOptionsSchema,
} from '../../../contract/settings'
import { dataOf, isoDate, nullOrAbsent, opaqueId, openPicklist, withItems } from './common'
import { orEmpty, secureWebAddress, webAddress } from './web-address'

export * from '../../../contract/settings'

// Wire schemas of the settings pages. Request schemas hold the platform's own rules (the sandbox
// refuses a body that breaks them); the portal's forms check the same rules first, with friendlier
// messages, in src/features/settings.

// ---------------------------------------------------------------------------------------------------
// Business profile (account and general settings)

export const BusinessProfileSchema = v.object({
  merchantID: opaqueId,
  legalName: v.string(),
  displayName: v.string(),
  contactName: v.string(),
  supportEmail: v.string(),
  supportPhone: v.string(),
  /** Empty when the merchant has no website. */
  website: orEmpty(webAddress),
  address: AddressSchema,
  timeZone: v.string(),
  updatedAt: isoDate,
})
export type BusinessProfile = v.InferOutput<typeof BusinessProfileSchema>
export const BusinessProfileResponseSchema = dataOf(BusinessProfileSchema)

// ---------------------------------------------------------------------------------------------------
// Bank information

export const BANK_STATUSES = ['VERIFIED', 'PENDING_VERIFICATION'] as const
export const BankStatusSchema = openPicklist(BANK_STATUSES)

export const BankInformationSchema = v.object({
  merchantID: opaqueId,
  accountHolder: v.string(),
  /** Looked up from the routing number; null when the platform does not know the bank. */
  bankName: nullOrAbsent(v.string()),
  routingNumber: v.string(),
  accountType: BankAccountTypeSchema,
  /** The platform never sends the full account number back. */
  accountNumberLast4: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  status: BankStatusSchema,
  /** Set after a change: payouts wait until the new account is verified. */
  payoutsHeldUntil: nullOrAbsent(isoDate),
  updatedAt: isoDate,
})
export type BankInformation = v.InferOutput<typeof BankInformationSchema>
export const BankInformationResponseSchema = dataOf(BankInformationSchema)

export const BankInformationChangedSchema = dataOf(
  v.object({
    ...BankInformationSchema.entries,
    /** How many admins of the merchant were told about the change; not shown when the answer was empty. */
    notifiedAdminCount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  }),
)
export type BankInformationChanged = v.InferOutput<typeof BankInformationChangedSchema>['data']

// ---------------------------------------------------------------------------------------------------
// Funding settings

export const FundingSettingsSchema = v.object({
  merchantID: opaqueId,
  schedule: FundingScheduleSchema,
  settlement: SettlementOptionsSchema,
  updatedAt: isoDate,
})
export type FundingSettings = v.InferOutput<typeof FundingSettingsSchema>
export const FundingSettingsResponseSchema = dataOf(FundingSettingsSchema)

// ---------------------------------------------------------------------------------------------------
// Email notifications

export const NotificationSubscriptionsSchema = v.object({
  merchantID: opaqueId,
  recipients: v.array(RecipientSchema),
  updatedAt: isoDate,
})
export type NotificationSubscriptions = v.InferOutput<typeof NotificationSubscriptionsSchema>
export const NotificationSubscriptionsResponseSchema = dataOf(NotificationSubscriptionsSchema)

// ---------------------------------------------------------------------------------------------------
// Access keys

export const AccessKeySchema = v.object({
  id: opaqueId,
  environment: openPicklist(KEY_ENVIRONMENTS),
  name: v.string(),
  /** The public half, safe to show: it identifies the merchant in checkout integrations. */
  publicKey: v.string(),
  secretLast4: v.pipe(v.string(), v.length(4)),
  createdAt: isoDate,
  lastUsedAt: nullOrAbsent(isoDate),
})
export type AccessKey = v.InferOutput<typeof AccessKeySchema>
export const AccessKeyListSchema = dataOf(withItems({}, AccessKeySchema))

export const AccessKeySecretSchema = dataOf(v.object({ id: opaqueId, secret: v.string() }))

// ---------------------------------------------------------------------------------------------------
// Checkout design

export const CheckoutDesignSchema = v.object({
  merchantID: opaqueId,
  primaryColor: v.pipe(v.string(), v.regex(HEX_COLOR)),
  buttonStyle: v.picklist(BUTTON_STYLES),
  /** Empty when the checkout shows the merchant's name instead of a logo. */
  logoUrl: orEmpty(secureWebAddress),
  headline: v.string(),
  updatedAt: isoDate,
})
export type CheckoutDesign = v.InferOutput<typeof CheckoutDesignSchema>
export const CheckoutDesignResponseSchema = dataOf(CheckoutDesignSchema)

// ---------------------------------------------------------------------------------------------------
// Placement design: on-site financing messages

export const PlacementSchema = v.object({
  pageType: v.picklist(PAGE_TYPES),
  enabled: v.boolean(),
  style: v.picklist(MESSAGE_STYLES),
  /** The program whose rate the message quotes. */
  programID: opaqueId,
  /** The number of monthly payments the message advertises. */
  termMonths: v.picklist(PLACEMENT_TERMS),
})
export type Placement = v.InferOutput<typeof PlacementSchema>

export const PlacementsSchema = v.object({
  merchantID: opaqueId,
  placements: v.array(PlacementSchema),
  updatedAt: isoDate,
})
export type Placements = v.InferOutput<typeof PlacementsSchema>
export const PlacementsResponseSchema = dataOf(PlacementsSchema)

export const PlacementsUpdateSchema = v.object({
  placements: v.pipe(
    v.array(PlacementSchema),
    v.check(
      (placements) => new Set(placements.map((placement) => placement.pageType)).size === placements.length,
      'Each page type may have one placement.',
    ),
  ),
})
export type PlacementsUpdate = v.InferOutput<typeof PlacementsUpdateSchema>

// ---------------------------------------------------------------------------------------------------
// Location verification codes

export const VerificationCodeSchema = v.object({
  locationID: opaqueId,
  storeNumber: v.string(),
  locationName: v.string(),
  city: v.string(),
  region: v.string(),
  /** What store staff type to prove a purchase happens at this location. */
  code: v.string(),
  updatedAt: isoDate,
})
export type VerificationCode = v.InferOutput<typeof VerificationCodeSchema>
export const VerificationCodeListSchema = dataOf(withItems({}, VerificationCodeSchema))

// ---------------------------------------------------------------------------------------------------
// Merchant ID validation

export const MerchantIdCheckSchema = v.object({
  merchantID: v.string(),
  verdict: openPicklist(MERCHANT_ID_VERDICTS),
  /** Known when the id names a merchant. */
  merchantName: nullOrAbsent(v.string()),
})
export type MerchantIdCheck = v.InferOutput<typeof MerchantIdCheckSchema>
export const MerchantIdCheckResponseSchema = dataOf(withItems({}, MerchantIdCheckSchema))
