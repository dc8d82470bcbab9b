import * as v from 'valibot'
import { dataOf, isoDate, opaqueId } from './common'

// Wire schemas of the settings pages. Request schemas hold the platform's own rules (the sandbox
// refuses a body that breaks them); the portal's forms check the same rules first, with friendlier
// messages, in src/features/settings.

const text = /* @__NO_SIDE_EFFECTS__ */ (max: number) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(max))

// ---------------------------------------------------------------------------------------------------
// Business profile (account and general settings)

export const COUNTRIES = ['US', 'CA'] as const
export type Country = (typeof COUNTRIES)[number]

export const AddressSchema = v.object({
  line1: v.string(),
  line2: v.string(),
  city: v.string(),
  region: v.string(),
  postalCode: v.string(),
  country: v.picklist(COUNTRIES),
})
export type Address = v.InferOutput<typeof AddressSchema>

export const BusinessProfileSchema = v.object({
  merchantID: opaqueId,
  legalName: v.string(),
  displayName: v.string(),
  contactName: v.string(),
  supportEmail: v.string(),
  supportPhone: v.string(),
  /** Empty when the merchant has no website. */
  website: v.string(),
  address: AddressSchema,
  timeZone: v.string(),
  updatedAt: isoDate,
})
export type BusinessProfile = v.InferOutput<typeof BusinessProfileSchema>
export const BusinessProfileResponseSchema = dataOf(BusinessProfileSchema)

export const US_POSTAL_CODE = /^\d{5}(?:-\d{4})?$/
export const CA_POSTAL_CODE = /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/
/** Digits with the usual separators and an optional leading +; 10 to 15 digits in all. */
export const PHONE_PATTERN = /^\+?[\d\s().-]+$/
export const WEBSITE_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i

export function phoneDigits(value: string): number {
  return value.replace(/\D/g, '').length
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

export const BusinessProfileUpdateSchema = v.pipe(
  v.object({
    legalName: text(120),
    displayName: text(60),
    contactName: text(80),
    supportEmail: v.pipe(v.string(), v.trim(), v.email()),
    supportPhone: v.pipe(
      v.string(),
      v.trim(),
      v.regex(PHONE_PATTERN),
      v.check((value) => phoneDigits(value) >= 10 && phoneDigits(value) <= 15),
    ),
    website: v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.regex(WEBSITE_PATTERN))]),
    address: v.object({
      line1: text(100),
      line2: v.pipe(v.string(), v.trim(), v.maxLength(100)),
      city: text(60),
      region: text(60),
      postalCode: v.pipe(v.string(), v.trim(), v.nonEmpty()),
      country: v.picklist(COUNTRIES),
    }),
    timeZone: v.pipe(v.string(), v.check(isTimeZone)),
  }),
  v.check(
    ({ address }) => (address.country === 'US' ? US_POSTAL_CODE : CA_POSTAL_CODE).test(address.postalCode),
    'The postal code does not match the country.',
  ),
)
export type BusinessProfileUpdate = v.InferOutput<typeof BusinessProfileUpdateSchema>

// ---------------------------------------------------------------------------------------------------
// Bank information

export const BANK_ACCOUNT_TYPES = ['CHECKING', 'SAVINGS'] as const
export const BankAccountTypeSchema = v.picklist(BANK_ACCOUNT_TYPES)
export type BankAccountType = v.InferOutput<typeof BankAccountTypeSchema>

export const BANK_STATUSES = ['VERIFIED', 'PENDING_VERIFICATION'] as const
export const BankStatusSchema = v.picklist(BANK_STATUSES)
export type BankStatus = v.InferOutput<typeof BankStatusSchema>

export const BankInformationSchema = v.object({
  merchantID: opaqueId,
  accountHolder: v.string(),
  /** Looked up from the routing number; null when the platform does not know the bank. */
  bankName: v.nullable(v.string()),
  routingNumber: v.string(),
  accountType: BankAccountTypeSchema,
  /** The platform never sends the full account number back. */
  accountNumberLast4: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  status: BankStatusSchema,
  /** Set after a change: payouts wait until the new account is verified. */
  payoutsHeldUntil: v.nullable(isoDate),
  updatedAt: isoDate,
})
export type BankInformation = v.InferOutput<typeof BankInformationSchema>
export const BankInformationResponseSchema = dataOf(BankInformationSchema)

export const BankInformationChangedSchema = dataOf(
  v.object({
    ...BankInformationSchema.entries,
    /** How many admins of the merchant were told about the change. */
    notifiedAdminCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  }),
)
export type BankInformationChanged = v.InferOutput<typeof BankInformationChangedSchema>['data']

/** The ABA routing number check: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false
  const d = [...value].map(Number)
  const at = (index: number) => d[index] ?? 0
  const sum = 3 * (at(0) + at(3) + at(6)) + 7 * (at(1) + at(4) + at(7)) + (at(2) + at(5) + at(8))
  return sum % 10 === 0 && value !== '000000000'
}

export const ACCOUNT_NUMBER_PATTERN = /^\d{4,17}$/

export const BankInformationUpdateSchema = v.object({
  accountHolder: text(80),
  routingNumber: v.pipe(v.string(), v.check(isValidRoutingNumber, 'The routing number is not valid.')),
  accountNumber: v.pipe(v.string(), v.regex(ACCOUNT_NUMBER_PATTERN)),
  accountType: BankAccountTypeSchema,
})
export type BankInformationUpdate = v.InferOutput<typeof BankInformationUpdateSchema>

// ---------------------------------------------------------------------------------------------------
// Funding settings

export const FUNDING_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const
export type FundingFrequency = (typeof FUNDING_FREQUENCIES)[number]
export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] as const
export type Weekday = (typeof WEEKDAYS)[number]
export const FEE_HANDLING = ['NET', 'GROSS'] as const
export type FeeHandling = (typeof FEE_HANDLING)[number]
/** Days of the month a monthly payout may fall on; every month has them. */
export const LAST_PAYOUT_DAY = 28
export const STATEMENT_DESCRIPTOR_PATTERN = /^[A-Za-z0-9 .&*-]{5,22}$/

const dayOfMonth = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(LAST_PAYOUT_DAY))

export const FundingScheduleSchema = v.variant('frequency', [
  v.object({ frequency: v.literal('DAILY') }),
  v.object({ frequency: v.literal('WEEKLY'), weekday: v.picklist(WEEKDAYS) }),
  v.object({ frequency: v.literal('MONTHLY'), dayOfMonth }),
])
export type FundingSchedule = v.InferOutput<typeof FundingScheduleSchema>

export const SettlementOptionsSchema = v.object({
  /** NET: fees are taken from each payout; GROSS: payouts are whole and fees are billed monthly. */
  feeHandling: v.picklist(FEE_HANDLING),
  /** Minor units of the merchant's currency; smaller balances roll over to the next payout. */
  minimumPayoutAmount: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000_000)),
  /** What the merchant's bank statement shows for a payout. */
  statementDescriptor: v.pipe(v.string(), v.regex(STATEMENT_DESCRIPTOR_PATTERN)),
})
export type SettlementOptions = v.InferOutput<typeof SettlementOptionsSchema>

export const FundingSettingsSchema = v.object({
  merchantID: opaqueId,
  schedule: FundingScheduleSchema,
  settlement: SettlementOptionsSchema,
  updatedAt: isoDate,
})
export type FundingSettings = v.InferOutput<typeof FundingSettingsSchema>
export const FundingSettingsResponseSchema = dataOf(FundingSettingsSchema)

export const FundingSettingsUpdateSchema = v.object({
  schedule: FundingScheduleSchema,
  settlement: SettlementOptionsSchema,
})
export type FundingSettingsUpdate = v.InferOutput<typeof FundingSettingsUpdateSchema>

// ---------------------------------------------------------------------------------------------------
// Email notifications

export const NOTIFICATION_EVENTS = [
  'PAYOUT_SENT',
  'PAYOUT_FAILED',
  'SETTLEMENT_REPORT_READY',
  'REFUND_ISSUED',
  'DISPUTE_OPENED',
  'BANK_INFORMATION_CHANGED',
] as const
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number]
export const MAX_RECIPIENTS = 10

export const RecipientSchema = v.object({
  email: v.string(),
  events: v.array(v.picklist(NOTIFICATION_EVENTS)),
})
export type Recipient = v.InferOutput<typeof RecipientSchema>

export const NotificationSubscriptionsSchema = v.object({
  merchantID: opaqueId,
  recipients: v.array(RecipientSchema),
  updatedAt: isoDate,
})
export type NotificationSubscriptions = v.InferOutput<typeof NotificationSubscriptionsSchema>
export const NotificationSubscriptionsResponseSchema = dataOf(NotificationSubscriptionsSchema)

export const NotificationSubscriptionsUpdateSchema = v.object({
  recipients: v.pipe(
    v.array(
      v.object({
        email: v.pipe(v.string(), v.trim(), v.email()),
        events: v.pipe(v.array(v.picklist(NOTIFICATION_EVENTS)), v.minLength(1)),
      }),
    ),
    v.maxLength(MAX_RECIPIENTS),
    v.check(
      (recipients) =>
        new Set(recipients.map((recipient) => recipient.email.toLowerCase())).size === recipients.length,
      'Each recipient may be listed once.',
    ),
  ),
})
export type NotificationSubscriptionsUpdate = v.InferOutput<typeof NotificationSubscriptionsUpdateSchema>

// ---------------------------------------------------------------------------------------------------
// Access keys

export const KEY_ENVIRONMENTS = ['SANDBOX', 'PRODUCTION'] as const
export type KeyEnvironment = (typeof KEY_ENVIRONMENTS)[number]

export const AccessKeySchema = v.object({
  id: opaqueId,
  environment: v.picklist(KEY_ENVIRONMENTS),
  name: v.string(),
  /** The public half, safe to show: it identifies the merchant in checkout integrations. */
  publicKey: v.string(),
  secretLast4: v.pipe(v.string(), v.length(4)),
  createdAt: isoDate,
  lastUsedAt: v.nullable(isoDate),
})
export type AccessKey = v.InferOutput<typeof AccessKeySchema>
export const AccessKeyListSchema = dataOf(v.object({ items: v.array(AccessKeySchema) }))

export const AccessKeySecretSchema = dataOf(v.object({ id: opaqueId, secret: v.string() }))

// ---------------------------------------------------------------------------------------------------
// Checkout design

export const BUTTON_STYLES = ['ROUNDED', 'PILL', 'SQUARE'] as const
export type ButtonStyle = (typeof BUTTON_STYLES)[number]
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/
export const LOGO_URL = /^https:\/\/[^\s]+\.(?:png|svg|jpe?g|webp)(?:\?[^\s]*)?$/i

export const CheckoutDesignSchema = v.object({
  merchantID: opaqueId,
  primaryColor: v.pipe(v.string(), v.regex(HEX_COLOR)),
  buttonStyle: v.picklist(BUTTON_STYLES),
  /** Empty when the checkout shows the merchant's name instead of a logo. */
  logoUrl: v.string(),
  headline: v.string(),
  updatedAt: isoDate,
})
export type CheckoutDesign = v.InferOutput<typeof CheckoutDesignSchema>
export const CheckoutDesignResponseSchema = dataOf(CheckoutDesignSchema)

export const CheckoutDesignUpdateSchema = v.object({
  primaryColor: v.pipe(v.string(), v.regex(HEX_COLOR)),
  buttonStyle: v.picklist(BUTTON_STYLES),
  logoUrl: v.union([v.literal(''), v.pipe(v.string(), v.regex(LOGO_URL))]),
  headline: v.pipe(v.string(), v.trim(), v.maxLength(60)),
})
export type CheckoutDesignUpdate = v.InferOutput<typeof CheckoutDesignUpdateSchema>

// ---------------------------------------------------------------------------------------------------
// Placement design: on-site financing messages

export const PAGE_TYPES = ['PRODUCT', 'CART', 'CHECKOUT'] as const
export type PageType = (typeof PAGE_TYPES)[number]
export const MESSAGE_STYLES = ['TEXT', 'BANNER'] as const
export type MessageStyle = (typeof MESSAGE_STYLES)[number]
export const PLACEMENT_TERMS = [6, 12, 24, 36] as const

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
export const VerificationCodeListSchema = dataOf(v.object({ items: v.array(VerificationCodeSchema) }))

// ---------------------------------------------------------------------------------------------------
// Merchant ID validation

export const MAX_MERCHANT_IDS_PER_CHECK = 100
export const MERCHANT_ID_VERDICTS = ['VALID', 'NOT_FOUND', 'MALFORMED', 'NOT_ENROLLED'] as const
export type MerchantIdVerdict = (typeof MERCHANT_ID_VERDICTS)[number]

export const MerchantIdCheckRequestSchema = v.object({
  merchantIDs: v.pipe(v.array(v.string()), v.minLength(1), v.maxLength(MAX_MERCHANT_IDS_PER_CHECK)),
})
export type MerchantIdCheckRequest = v.InferOutput<typeof MerchantIdCheckRequestSchema>

export const MerchantIdCheckSchema = v.object({
  merchantID: v.string(),
  verdict: v.picklist(MERCHANT_ID_VERDICTS),
  /** Known when the id names a merchant. */
  merchantName: v.nullable(v.string()),
})
export type MerchantIdCheck = v.InferOutput<typeof MerchantIdCheckSchema>
export const MerchantIdCheckResponseSchema = dataOf(v.object({ items: v.array(MerchantIdCheckSchema) }))
