import * as v from 'valibot'
import { ACCESS_KEY_STATUSES } from '../../../contract/access-keys'
import { dataOf, isoDate } from '../../../contract/common'
import {
  AccessKeySchema,
  BANK_STATUSES,
  BankInformationChangedSchema,
  BankInformationSchema,
  BusinessProfileSchema,
  CheckoutDesignSchema,
  FundingSettingsResponseSchema,
  KEY_ENVIRONMENTS,
  MERCHANT_ID_VERDICTS,
  MerchantIdCheckSchema,
  NotificationSubscriptionsResponseSchema,
  PlacementsResponseSchema,
  VerificationCodeSchema,
} from '../../../contract/settings'
import { absentAsNull, openPicklist, withItems } from './common'
import { orEmpty, secureWebAddress, webAddress } from './web-address'

// Readers of the settings pages. What the pages save has the contract's update types.

// ---------------------------------------------------------------------------------------------------
// Business profile (account and general settings)

/** The website is shown as a link: only an http(s) address, or empty for none (see web-address.ts). */
export const BusinessProfileReader = v.object({
  ...BusinessProfileSchema.entries,
  website: orEmpty(webAddress),
})
export type BusinessProfile = v.InferOutput<typeof BusinessProfileReader>
export const BusinessProfileResponseReader = dataOf(BusinessProfileReader)

// ---------------------------------------------------------------------------------------------------
// Bank information

const BankInformationReader = v.object({
  ...absentAsNull(BankInformationSchema.entries),
  status: openPicklist(BANK_STATUSES),
})
export type BankInformation = v.InferOutput<typeof BankInformationReader>
export const BankInformationResponseReader = dataOf(BankInformationReader)

const { notifiedAdminCount } = BankInformationChangedSchema.entries.data.entries
export const BankInformationChangedReader = dataOf(
  v.object({
    ...BankInformationReader.entries,
    /** Not shown when the answer was empty. */
    notifiedAdminCount: v.optional(notifiedAdminCount),
  }),
)
export type BankInformationChanged = v.InferOutput<typeof BankInformationChangedReader>['data']

// ---------------------------------------------------------------------------------------------------
// Funding settings and email notifications: read as the contract gives them

export const FundingSettingsResponseReader = FundingSettingsResponseSchema
export type FundingSettings = v.InferOutput<typeof FundingSettingsResponseReader>['data']

export const NotificationSubscriptionsResponseReader = NotificationSubscriptionsResponseSchema
export type NotificationSubscriptions = v.InferOutput<typeof NotificationSubscriptionsResponseReader>['data']

// ---------------------------------------------------------------------------------------------------
// Access keys

/**
 * A key as the list shows it (never its secret). A platform without the key lifecycle leaves out
 * `status` and `expiresAt`: such a key is ACTIVE and does not expire; an unknown status is kept as text.
 */
const AccessKeyReader = v.object({
  ...absentAsNull(AccessKeySchema.entries),
  environment: openPicklist(KEY_ENVIRONMENTS),
  status: v.optional(openPicklist(ACCESS_KEY_STATUSES), 'ACTIVE'),
  expiresAt: v.optional(v.nullable(isoDate), null),
})
export type AccessKey = v.InferOutput<typeof AccessKeyReader>
export const AccessKeyListReader = dataOf(withItems({}, AccessKeyReader))

/**
 * The answer of create and rotate: the new key and its secret, this once (kept in no cache); a
 * rotation's also the rotated-out key, with until when it works.
 */
export const IssuedAccessKeyReader = dataOf(
  v.object({
    key: AccessKeyReader,
    secret: v.pipe(v.string(), v.minLength(16)),
    previous: v.optional(AccessKeyReader),
  }),
)
export type IssuedAccessKey = v.InferOutput<typeof IssuedAccessKeyReader>['data']

/** The revoke call's answer: the key, REVOKED. */
export const RevokedAccessKeyReader = dataOf(AccessKeyReader)

// ---------------------------------------------------------------------------------------------------
// Checkout design

/** The logo is shown as an image: only an https address, or empty for none. */
export const CheckoutDesignReader = v.object({
  ...CheckoutDesignSchema.entries,
  logoUrl: orEmpty(secureWebAddress),
})
export type CheckoutDesign = v.InferOutput<typeof CheckoutDesignReader>
export const CheckoutDesignResponseReader = dataOf(CheckoutDesignReader)

// ---------------------------------------------------------------------------------------------------
// Placement design: read as the contract gives it

export const PlacementsResponseReader = PlacementsResponseSchema
export type Placements = v.InferOutput<typeof PlacementsResponseReader>['data']

// ---------------------------------------------------------------------------------------------------
// Location verification codes

export type VerificationCode = v.InferOutput<typeof VerificationCodeSchema>
export const VerificationCodeListReader = dataOf(withItems({}, VerificationCodeSchema))

// ---------------------------------------------------------------------------------------------------
// Merchant ID validation

const MerchantIdCheckReader = v.object({
  ...absentAsNull(MerchantIdCheckSchema.entries),
  verdict: openPicklist(MERCHANT_ID_VERDICTS),
})
export type MerchantIdCheck = v.InferOutput<typeof MerchantIdCheckReader>
export const MerchantIdCheckResponseReader = dataOf(withItems({}, MerchantIdCheckReader))
