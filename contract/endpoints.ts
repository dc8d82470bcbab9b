import * as v from 'valibot'
import {
  AccessKeyCreateSchema,
  AccessKeyRevokeSchema,
  AccessKeyRotateSchema,
  IssuedAccessKeySchema,
  ManagedAccessKeyListSchema,
  RevokedAccessKeySchema,
} from './access-keys'
import { ACTIVITY_PAGE_LIMIT, ActivityKindSchema, ActivityPageSchema } from './activity'
import { TokenExchangeRequestSchema, TokenExchangeResponseSchema } from './auth'
import {
  CART_PAGE_LIMIT,
  CartInputSchema,
  CartNotifyRequestSchema,
  CartPageSchema,
  CartResponseSchema,
  CartStatusSchema,
} from './carts'
import { opaqueId } from './common'
import {
  DISPUTE_LIMITS,
  DisputeChallengeBodySchema,
  EVIDENCE_CONTENT_TYPES,
  EVIDENCE_FILE_FIELD,
  EvidenceResponseSchema,
} from './disputes'
import { BulkFlagResultSchema, FLAG_TAG, FlagEvaluationContextSchema, FlagResultSchema } from './flags'
import { InsightIntervalSchema, InsightsResponseSchema } from './insights'
import {
  LOCATION_PAGE_LIMIT,
  LocationPageSchema,
  LocationResponseSchema,
  LocationStatusSchema,
  LocationUpdateSchema,
} from './locations'
import { LogEntrySchema, LogResponseSchema } from './log'
import { MerchantPageSchema, MerchantResponseSchema, TenantResponseSchema } from './merchants'
import {
  ActivationTokenInfoResponseSchema,
  ChangePasswordRequestSchema,
  PasswordResetRequestSchema,
  SetPasswordRequestSchema,
  SetPasswordResponseSchema,
} from './passwords'
import {
  ConfigurationStateSchema,
  EnrollmentCreateSchema,
  EnrollmentPageSchema,
  EnrollmentPatchSchema,
  EnrollmentResponseSchema,
  MerchantValuesPatchSchema,
  MerchantValuesResponseSchema,
  PaymentProductAggregationSchema,
  PaymentProductConfigurationPageSchema,
  PaymentProductPageSchema,
} from './payment-products'
import { PARTICIPATION_PAGE_LIMIT, ParticipationPageSchema, ProgramResponseSchema } from './programs'
import {
  AccessKeySecretSchema,
  BankInformationChangedSchema,
  BankInformationResponseSchema,
  BankInformationUpdateSchema,
  BusinessProfileResponseSchema,
  BusinessProfileUpdateSchema,
  CheckoutDesignResponseSchema,
  CheckoutDesignUpdateSchema,
  FundingSettingsResponseSchema,
  FundingSettingsUpdateSchema,
  MerchantIdCheckRequestSchema,
  MerchantIdCheckResponseSchema,
  NotificationSubscriptionsResponseSchema,
  NotificationSubscriptionsUpdateSchema,
  PlacementsResponseSchema,
  PlacementsUpdateSchema,
  VerificationCodeListSchema,
} from './settings'
import { SETTLEMENT_ID_PATTERN } from './settlement-id'
import { SETTLEMENT_ENTRY_PAGE_LIMIT, SettlementEntryPageSchema, SettlementReportSchema } from './settlements'
import {
  TARGETING_EXPORT_PAGE_LIMIT,
  TargetingExportFileSchema,
  TargetingExportPageSchema,
  TargetingExportRequestSchema,
  TargetingExportResponseSchema,
} from './targeting-exports'
import {
  TRANSACTION_ID_PATTERN,
  TRANSACTION_PAGE_LIMIT,
  TRANSACTION_SEARCH_TYPES,
  TRANSACTION_SORT_FIELDS,
  TransactionActionBodySchema,
  TransactionPageSchema,
  TransactionResponseSchema,
  TransactionStatusSchema,
} from './transactions'
import {
  InviteUserRequestSchema,
  MerchantUserPageSchema,
  MerchantUserResponseSchema,
  UpdateUserRequestSchema,
  USER_PAGE_LIMIT,
  UserStatusSchema,
} from './users'
import {
  IssuedVirtualCardResponseSchema,
  VIRTUAL_CARD_PAGE_LIMIT,
  VirtualCardIssueRequestSchema,
  VirtualCardPageSchema,
} from './virtual-cards'

// Every call the portal makes to the platform, in one table: the OpenAPI document (contract/openapi.json,
// `npm run openapi`) is generated from it, a test holds it to the sandbox's routes, and the platform
// check (`npm run platform:check`) reads a live platform's GET calls from it.

/** What every request's `X-API-Version` header says (CONTRACT.md section 3). */
export const API_VERSION = 'v2'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Which token a call needs in `Authorization: Bearer`: the portal token the exchange mints (`portal`),
 * the identity provider's access token (`provider`, the exchange itself), or none (`public`).
 */
export type Caller = 'portal' | 'provider' | 'public'

export interface Answer {
  readonly status: 200 | 201 | 202 | 204
  /** The body's wire schema; an answer without one has no body. */
  readonly schema?: v.GenericSchema
  readonly description: string
}

export interface Endpoint {
  /** Unique; the platform check and the OpenAPI document name the call by it. */
  readonly operationId: string
  readonly method: HttpMethod
  /** An OpenAPI path template: `{name}` for each of `pathParams`. */
  readonly path: `/api/${string}`
  readonly summary: string
  /** The area of the platform, as OpenAPI groups calls. */
  readonly tag: string
  readonly caller: Caller
  readonly pathParams?: Readonly<Record<string, v.GenericSchema>>
  /** Query parameters as the portal sends them; an optional entry may be left out. */
  readonly query?: v.ObjectSchema<v.ObjectEntries, undefined>
  /** The request body's wire schema (JSON). */
  readonly body?: v.GenericSchema
  /** Instead of a JSON body: one file, sent as multipart/form-data in the part `field`. */
  readonly upload?: {
    readonly field: string
    readonly contentTypes: readonly string[]
    readonly maxBytes: number
    readonly description: string
  }
  /**
   * `required`: refused without an `Idempotency-Key`; `sent`: the portal sends one, so that a write
   * sent again after a lost answer acts once. Every write honours a key (CONTRACT.md section 3).
   */
  readonly idempotencyKey?: 'required' | 'sent'
  /** Sends `X-Flag-Client-ID`, the page load's random id (spec section 9). */
  readonly flagClientId?: true
  /** The successful answers; any other is an error body (contract/error.ts). */
  readonly answers: readonly [Answer, ...Answer[]]
  /** Error statuses that mean something particular for this call. */
  readonly failures?: Readonly<Record<number, string>>
}

/** The body of a write whose path says everything: the portal sends `{}`, and the platform reads nothing. */
export const EmptyBodySchema = v.object({})

const id = (description: string) => v.pipe(opaqueId, v.description(description))
const merchantIdParam = id('The merchant, as the portal token acts for it (its `cid` claim).')
const programIdParam = id('The program.')
const merchantEq = { 'merchantID.eq': merchantIdParam }
const offset = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)))
const limit = (max?: number) =>
  v.optional(
    max === undefined
      ? v.pipe(v.number(), v.integer(), v.minValue(0))
      : v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max)),
  )
const page = (max?: number) => ({ limit: limit(max), offset })
const search = v.optional(v.pipe(v.string(), v.description('Free text the platform matches.')))
const statuses = <TSchema extends v.GenericSchema>(status: TSchema) =>
  v.optional(v.pipe(v.array(status), v.description('Any of these (the parameter repeated).')))
const calendarDate = (description: string) =>
  v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/), v.description(description))

/** One row of the table, its literal types kept (the platform check is typed by the read calls' ids). */
const endpoint = <const TEndpoint extends Endpoint>(row: TEndpoint): TEndpoint => row

const ok = (schema: v.GenericSchema, description = 'OK'): Answer => ({ status: 200, schema, description })
const created = (schema: v.GenericSchema): Answer => ({ status: 201, schema, description: 'Created' })
const noContent: Answer = { status: 204, description: 'Done; no body.' }

export const ENDPOINTS = [
  // ---------------------------------------------------------------------------------------------------
  // Session, passwords, flags and the log
  endpoint({
    operationId: 'exchangeToken',
    method: 'POST',
    path: '/api/auth/org/token/exchange',
    summary: "Exchanges the identity provider's access token for a portal token acting for a merchant.",
    tag: 'session',
    caller: 'provider',
    body: TokenExchangeRequestSchema,
    answers: [ok(TokenExchangeResponseSchema, 'The portal token in `data.token`.')],
    failures: { 401: 'The provider token is refused: the session ends.', 403: 'Not this merchant.' },
  }),
  endpoint({
    operationId: 'getActivationLink',
    method: 'GET',
    path: '/api/auth/activation/{activationToken}',
    summary: 'What an emailed invitation or reset link is for, before the user sets a password.',
    tag: 'passwords',
    caller: 'public',
    pathParams: { activationToken: v.pipe(v.string(), v.minLength(1), v.description('From the link.')) },
    answers: [ok(ActivationTokenInfoResponseSchema)],
    failures: { 404: 'Unknown link.', 410: 'The link expired or was used.' },
  }),
  endpoint({
    operationId: 'setPassword',
    method: 'POST',
    path: '/api/auth/activation/{activationToken}',
    summary: 'Sets the password through an invitation or reset link.',
    tag: 'passwords',
    caller: 'public',
    pathParams: { activationToken: v.pipe(v.string(), v.minLength(1), v.description('From the link.')) },
    body: SetPasswordRequestSchema,
    answers: [ok(SetPasswordResponseSchema)],
    failures: {
      400: '`weak_password`, with the broken rules in `error.details.failedRules`.',
      404: 'Unknown link.',
      410: 'The link expired or was used.',
    },
  }),
  endpoint({
    operationId: 'requestPasswordReset',
    method: 'POST',
    path: '/api/auth/password/reset-request',
    summary: 'Emails a reset link to the address, when it has an account.',
    tag: 'passwords',
    caller: 'public',
    body: PasswordResetRequestSchema,
    answers: [{ status: 202, description: 'Accepted, whether or not the email has an account.' }],
  }),
  endpoint({
    operationId: 'changePassword',
    method: 'POST',
    path: '/api/user/password',
    summary: "Changes the signed-in user's password.",
    tag: 'passwords',
    caller: 'portal',
    body: ChangePasswordRequestSchema,
    answers: [noContent],
    failures: { 400: '`wrong_password` or `weak_password`.' },
  }),
  endpoint({
    operationId: 'evaluateFlags',
    method: 'POST',
    path: '/api/featureflag/evaluation/bulk',
    summary: "Evaluates every flag of a tag for the user's tenant (an empty tenantId before sign-in).",
    tag: 'flags',
    caller: 'public',
    flagClientId: true,
    query: v.object({ tag: v.pipe(v.string(), v.minLength(1), v.description(`Always \`${FLAG_TAG}\`.`)) }),
    body: FlagEvaluationContextSchema,
    answers: [ok(BulkFlagResultSchema, "Each flag by the platform's name (snake_case) with its result.")],
    failures: { 400: 'No tag.', 404: 'Unknown tag.' },
  }),
  endpoint({
    operationId: 'evaluateFlag',
    method: 'POST',
    path: '/api/featureflag/evaluation/flag/{flagName}',
    summary: 'Evaluates one flag, asked for by the name the platform knows it by.',
    tag: 'flags',
    caller: 'public',
    flagClientId: true,
    pathParams: {
      flagName: v.pipe(v.string(), v.minLength(1), v.description("The platform's name, e.g. snake_case.")),
    },
    body: FlagEvaluationContextSchema,
    answers: [ok(FlagResultSchema), { status: 204, description: 'The flag is disabled.' }],
    failures: {
      400: 'No result for this context.',
      404: 'No flag of that name.',
      410: 'The flag has been deleted.',
    },
  }),
  endpoint({
    operationId: 'postLog',
    method: 'POST',
    path: '/api/merchant-portal-backend/log',
    summary: 'Records one log entry of the portal (sent without cookies or a token).',
    tag: 'log',
    caller: 'public',
    body: LogEntrySchema,
    answers: [ok(LogResponseSchema, 'Recorded; any other status counts as failed.')],
  }),

  // ---------------------------------------------------------------------------------------------------
  // Merchants, tenants and programs
  endpoint({
    operationId: 'searchMerchants',
    method: 'GET',
    path: '/api/merchant',
    summary: 'Merchants the user may act for, for the merchant chooser.',
    tag: 'merchants',
    caller: 'portal',
    query: v.object({ search, ...page() }),
    answers: [ok(MerchantPageSchema)],
  }),
  endpoint({
    operationId: 'getMerchant',
    method: 'GET',
    path: '/api/merchant/{merchantID}',
    summary: 'One merchant: name, tenant, time zone and currency.',
    tag: 'merchants',
    caller: 'portal',
    pathParams: { merchantID: merchantIdParam },
    answers: [ok(MerchantResponseSchema)],
  }),
  endpoint({
    operationId: 'getTenant',
    method: 'GET',
    path: '/api/tenant/{tenantID}',
    summary: "A tenant and its brand (the token's tenantID claim).",
    tag: 'merchants',
    caller: 'public',
    pathParams: { tenantID: id('The tenant.') },
    answers: [ok(TenantResponseSchema)],
  }),
  endpoint({
    operationId: 'listParticipations',
    method: 'GET',
    path: '/api/merchant-program-participation',
    summary: "A page of the merchant's program participations; the portal asks until it has them all.",
    tag: 'programs',
    caller: 'portal',
    query: v.object({
      ...merchantEq,
      showArchived: v.optional(v.pipe(v.picklist(['true']), v.description('The portal always sends it.'))),
      ...page(PARTICIPATION_PAGE_LIMIT),
    }),
    answers: [ok(ParticipationPageSchema)],
  }),
  endpoint({
    operationId: 'getProgram',
    method: 'GET',
    path: '/api/program/{programID}',
    summary: 'One program: its channel, checkout mode and displayed interest rate.',
    tag: 'programs',
    caller: 'portal',
    pathParams: { programID: programIdParam },
    answers: [ok(ProgramResponseSchema)],
  }),
  endpoint({
    operationId: 'listPaymentProducts',
    method: 'GET',
    path: '/api/program/{programID}/payment-product',
    summary: "A page of a program's payment products.",
    tag: 'payment products',
    caller: 'portal',
    pathParams: { programID: programIdParam },
    query: v.object(page()),
    answers: [ok(PaymentProductPageSchema)],
  }),
  endpoint({
    operationId: 'getPaymentProductAggregation',
    method: 'GET',
    path: '/api/program/{programID}/payment-product/aggregation',
    summary: "A program's payment products counted by type, with the merchant's active configurations.",
    tag: 'payment products',
    caller: 'portal',
    pathParams: { programID: programIdParam },
    query: v.object(merchantEq),
    answers: [ok(PaymentProductAggregationSchema)],
  }),
  endpoint({
    operationId: 'listPaymentProductConfigurations',
    method: 'GET',
    path: '/api/program/{programID}/payment-product-configuration',
    summary: "A page of the merchant's payment product configurations in a program.",
    tag: 'payment products',
    caller: 'portal',
    pathParams: { programID: programIdParam },
    query: v.object({ ...merchantEq, state: v.optional(ConfigurationStateSchema), ...page() }),
    answers: [ok(PaymentProductConfigurationPageSchema)],
  }),
  endpoint({
    operationId: 'listEnrollments',
    method: 'GET',
    path: '/api/payment-product-enrollment',
    summary: "A page of the merchant's payment product enrollments in a program.",
    tag: 'payment products',
    caller: 'portal',
    query: v.object({ ...merchantEq, 'programID.eq': programIdParam, ...page() }),
    answers: [ok(EnrollmentPageSchema)],
  }),
  endpoint({
    operationId: 'createEnrollment',
    method: 'POST',
    path: '/api/payment-product-enrollment',
    summary: 'Enrolls the merchant in a payment product of a program.',
    tag: 'payment products',
    caller: 'portal',
    body: EnrollmentCreateSchema,
    answers: [created(EnrollmentResponseSchema)],
  }),
  endpoint({
    operationId: 'updateEnrollment',
    method: 'PATCH',
    path: '/api/payment-product-enrollment/{enrollmentID}',
    summary: "Replaces an enrollment's data.",
    tag: 'payment products',
    caller: 'portal',
    pathParams: { enrollmentID: id('The enrollment.') },
    body: EnrollmentPatchSchema,
    answers: [ok(EnrollmentResponseSchema)],
  }),
  endpoint({
    operationId: 'deleteEnrollment',
    method: 'DELETE',
    path: '/api/payment-product-enrollment/{enrollmentID}',
    summary: 'Removes an enrollment.',
    tag: 'payment products',
    caller: 'portal',
    pathParams: { enrollmentID: id('The enrollment.') },
    answers: [noContent],
  }),
  endpoint({
    operationId: 'getMerchantValues',
    method: 'GET',
    path: '/api/program/{programID}/merchant/{merchantID}/values',
    summary: "The provider's internal settings of a merchant in a program.",
    tag: 'payment products',
    caller: 'portal',
    pathParams: { programID: programIdParam, merchantID: merchantIdParam },
    answers: [ok(MerchantValuesResponseSchema)],
  }),
  endpoint({
    operationId: 'updateMerchantValues',
    method: 'PATCH',
    path: '/api/program/{programID}/merchant/{merchantID}/values',
    summary: 'Changes internal settings: keys present replace the stored values, keys absent are kept.',
    tag: 'payment products',
    caller: 'portal',
    pathParams: { programID: programIdParam, merchantID: merchantIdParam },
    body: MerchantValuesPatchSchema,
    answers: [ok(MerchantValuesResponseSchema)],
  }),

  // ---------------------------------------------------------------------------------------------------
  // Transactions, insights, settlements and targeting exports
  endpoint({
    operationId: 'listTransactions',
    method: 'GET',
    path: '/api/transactions',
    summary: "A page of the merchant's transactions with per-status totals; exports page through it.",
    tag: 'transactions',
    caller: 'portal',
    query: v.object({
      ...merchantEq,
      ...page(TRANSACTION_PAGE_LIMIT),
      sort: v.optional(
        v.pipe(
          v.string(),
          v.regex(new RegExp(`^(?:${TRANSACTION_SORT_FIELDS.join('|')}):(?:asc|desc)$`)),
          v.description(
            'A field and a direction, e.g. `createdAt:desc`. `deadline` sorts by `respondBy` for a dispute awaiting a response and `expiresAt` for an open authorization; rows without either come last in both directions.',
          ),
        ),
      ),
      search,
      searchType: v.optional(v.picklist(TRANSACTION_SEARCH_TYPES)),
      status: statuses(TransactionStatusSchema),
      programID: statuses(programIdParam),
      from: v.optional(calendarDate("The first day, in the merchant's time zone.")),
      to: v.optional(calendarDate("The last day, in the merchant's time zone.")),
      needsAction: v.optional(
        v.pipe(
          v.picklist(['true', 'false']),
          v.description(
            '`true`: only the rows that need action (`data.needsAction` says which); `false` or absent: no such filter.',
          ),
        ),
      ),
    }),
    answers: [ok(TransactionPageSchema)],
  }),
  endpoint({
    operationId: 'getTransaction',
    method: 'GET',
    path: '/api/transactions/{id}',
    summary: 'One transaction with its timeline.',
    tag: 'transactions',
    caller: 'portal',
    pathParams: { id: v.pipe(v.string(), v.regex(TRANSACTION_ID_PATTERN)) },
    answers: [ok(TransactionResponseSchema)],
  }),
  ...(['settle', 'refund', 'cancel'] as const).map((action) =>
    endpoint({
      operationId: `${action}Transaction`,
      method: 'POST',
      path: `/api/transactions/{id}/${action}`,
      summary: {
        settle: 'Settles an authorization, wholly or for `amount` cents.',
        refund: 'Refunds settled money, wholly or `amount` cents of it.',
        cancel: 'Releases an unsettled authorization.',
      }[action],
      tag: 'transactions',
      caller: 'portal',
      idempotencyKey: 'required',
      pathParams: { id: v.pipe(v.string(), v.regex(TRANSACTION_ID_PATTERN)) },
      body: TransactionActionBodySchema,
      answers: [ok(TransactionResponseSchema, 'The transaction as it now is.')],
      failures: {
        409: 'The transaction is not in a state that allows it (or not for that amount); a refund while its dispute is open: `transaction_disputed`.',
      },
    }),
  ),
  endpoint({
    operationId: 'acceptDispute',
    method: 'POST',
    path: '/api/transactions/{id}/dispute/accept',
    summary:
      "Accepts the transaction's dispute: the disputed amount is refunded to the customer. Irreversible; needs write access (a `c:tx` scope).",
    tag: 'disputes',
    caller: 'portal',
    idempotencyKey: 'required',
    pathParams: { id: v.pipe(v.string(), v.regex(TRANSACTION_ID_PATTERN)) },
    body: EmptyBodySchema,
    answers: [ok(TransactionResponseSchema, 'The transaction as it now is.')],
    failures: {
      403: '`insufficient_scope`: no write access.',
      404: '`dispute_not_found` (or `not_found`: no such transaction).',
      409: '`dispute_already_accepted`, `dispute_already_challenged`, `dispute_decided` or `dispute_deadline_passed`.',
    },
  }),
  endpoint({
    operationId: 'uploadDisputeEvidence',
    method: 'POST',
    path: '/api/transactions/{id}/dispute/evidence',
    summary:
      'Uploads one evidence file for a challenge (multipart/form-data, one request per file, so a browser can show each upload’s progress); the answer’s id goes into the challenge.',
    tag: 'disputes',
    caller: 'portal',
    idempotencyKey: 'required',
    pathParams: { id: v.pipe(v.string(), v.regex(TRANSACTION_ID_PATTERN)) },
    upload: {
      field: EVIDENCE_FILE_FIELD,
      contentTypes: EVIDENCE_CONTENT_TYPES,
      maxBytes: DISPUTE_LIMITS.fileBytes,
      description: `A PDF, PNG or JPEG of at most ${DISPUTE_LIMITS.fileBytes} bytes, judged by its first bytes.`,
    },
    answers: [created(EvidenceResponseSchema)],
    failures: {
      400: '`evidence_file_required`: not multipart/form-data with a file in the part `file`.',
      404: '`dispute_not_found` (or `not_found`).',
      409: 'The dispute cannot be answered (the codes of acceptDispute).',
      413: '`evidence_file_too_large`.',
      415: '`evidence_file_type_unsupported`: the content is not a PDF, PNG or JPEG, whatever the name says.',
      422: '`evidence_file_empty`.',
    },
  }),
  endpoint({
    operationId: 'challengeDispute',
    method: 'POST',
    path: '/api/transactions/{id}/dispute/challenge',
    summary:
      "Challenges the transaction's dispute with an explanation and uploaded evidence files; the dispute goes UNDER_REVIEW.",
    tag: 'disputes',
    caller: 'portal',
    idempotencyKey: 'required',
    pathParams: { id: v.pipe(v.string(), v.regex(TRANSACTION_ID_PATTERN)) },
    body: DisputeChallengeBodySchema,
    answers: [ok(TransactionResponseSchema, 'The transaction as it now is.')],
    failures: {
      400: '`validation_failed`: not `{ explanation: string, evidenceIDs: string[] }`.',
      404: '`dispute_not_found` (or `not_found`).',
      409: 'The dispute cannot be answered (the codes of acceptDispute).',
      422: '`explanation_required`, `explanation_too_long`, `too_many_evidence_files` or `evidence_not_found` (with `details.evidenceIDs`).',
    },
  }),
  endpoint({
    operationId: 'getInsights',
    method: 'GET',
    path: '/api/merchant/{merchantID}/insights',
    summary: "The merchant's sales over a range of days, with the period before it, by day or week.",
    tag: 'insights',
    caller: 'portal',
    pathParams: { merchantID: merchantIdParam },
    query: v.object({
      from: calendarDate("The first day, in the merchant's time zone."),
      to: calendarDate("The last day, in the merchant's time zone."),
      interval: v.optional(InsightIntervalSchema),
    }),
    answers: [ok(InsightsResponseSchema)],
  }),
  endpoint({
    operationId: 'getSettlementReport',
    method: 'GET',
    path: '/api/settlements',
    summary: "The merchant's settlement batches over a range of days, newest first, with totals.",
    tag: 'settlements',
    caller: 'portal',
    query: v.object({
      ...merchantEq,
      from: calendarDate("The first day, in the merchant's time zone."),
      to: calendarDate("The last day, in the merchant's time zone."),
    }),
    answers: [ok(SettlementReportSchema)],
    failures: { 400: '`range_too_long`, with `{ maxDays, days }` in `error.details`.' },
  }),
  endpoint({
    operationId: 'listSettlementEntries',
    method: 'GET',
    path: '/api/settlements/{id}/transactions',
    summary: 'A page of the money movements of one settlement batch.',
    tag: 'settlements',
    caller: 'portal',
    pathParams: { id: v.pipe(v.string(), v.regex(SETTLEMENT_ID_PATTERN)) },
    query: v.object(page(SETTLEMENT_ENTRY_PAGE_LIMIT)),
    answers: [ok(SettlementEntryPageSchema)],
  }),
  endpoint({
    operationId: 'listTargetingExports',
    method: 'GET',
    path: '/api/targeting-exports',
    summary: "A page of the merchant's targeting exports, newest first.",
    tag: 'targeting exports',
    caller: 'portal',
    query: v.object({ ...merchantEq, ...page(TARGETING_EXPORT_PAGE_LIMIT) }),
    answers: [ok(TargetingExportPageSchema)],
  }),
  endpoint({
    operationId: 'requestTargetingExport',
    method: 'POST',
    path: '/api/targeting-exports',
    summary: 'Starts an export of the marketing-eligible customers of a program over a range of days.',
    tag: 'targeting exports',
    caller: 'portal',
    body: TargetingExportRequestSchema,
    answers: [created(TargetingExportResponseSchema)],
  }),
  endpoint({
    operationId: 'getTargetingExport',
    method: 'GET',
    path: '/api/targeting-exports/{id}',
    summary: 'One export, asked about every second until it is READY or FAILED.',
    tag: 'targeting exports',
    caller: 'portal',
    pathParams: { id: id('The export.') },
    answers: [ok(TargetingExportResponseSchema)],
  }),
  endpoint({
    operationId: 'downloadTargetingExport',
    method: 'GET',
    path: '/api/targeting-exports/{id}/download',
    summary: 'The file of a READY export, inside JSON (the token stays in a header, never in a URL).',
    tag: 'targeting exports',
    caller: 'portal',
    pathParams: { id: id('The export.') },
    answers: [ok(TargetingExportFileSchema)],
    failures: { 409: '`export_not_ready`.' },
  }),

  // ---------------------------------------------------------------------------------------------------
  // Carts, locations, users and virtual cards
  endpoint({
    operationId: 'listCarts',
    method: 'GET',
    path: '/api/carts',
    summary: "A page of the merchant's carts.",
    tag: 'carts',
    caller: 'portal',
    query: v.object({ ...merchantEq, ...page(CART_PAGE_LIMIT), status: statuses(CartStatusSchema), search }),
    answers: [ok(CartPageSchema)],
  }),
  endpoint({
    operationId: 'createCart',
    method: 'POST',
    path: '/api/carts',
    summary: 'Creates a cart; the platform computes its totals.',
    tag: 'carts',
    caller: 'portal',
    idempotencyKey: 'sent',
    body: CartInputSchema,
    answers: [created(CartResponseSchema)],
  }),
  endpoint({
    operationId: 'getCart',
    method: 'GET',
    path: '/api/carts/{id}',
    summary: 'One cart with its items, addresses and history.',
    tag: 'carts',
    caller: 'portal',
    pathParams: { id: id('The cart.') },
    answers: [ok(CartResponseSchema)],
  }),
  endpoint({
    operationId: 'updateCart',
    method: 'PATCH',
    path: '/api/carts/{id}',
    summary: 'Replaces what an active cart holds.',
    tag: 'carts',
    caller: 'portal',
    pathParams: { id: id('The cart.') },
    body: CartInputSchema,
    answers: [ok(CartResponseSchema)],
  }),
  endpoint({
    operationId: 'notifyCart',
    method: 'POST',
    path: '/api/carts/{id}/notify',
    summary: "Sends (or sends again) the cart's checkout link to the customer.",
    tag: 'carts',
    caller: 'portal',
    pathParams: { id: id('The cart.') },
    body: CartNotifyRequestSchema,
    answers: [ok(CartResponseSchema)],
  }),
  endpoint({
    operationId: 'expireCart',
    method: 'POST',
    path: '/api/carts/{id}/expire',
    summary: 'Ends an active cart: its link stops working.',
    tag: 'carts',
    caller: 'portal',
    pathParams: { id: id('The cart.') },
    body: EmptyBodySchema,
    answers: [ok(CartResponseSchema)],
  }),
  endpoint({
    operationId: 'listLocations',
    method: 'GET',
    path: '/api/merchant/{merchantID}/locations',
    summary: "A page of the merchant's store locations.",
    tag: 'locations',
    caller: 'portal',
    pathParams: { merchantID: merchantIdParam },
    query: v.object({ ...page(LOCATION_PAGE_LIMIT), search, status: statuses(LocationStatusSchema) }),
    answers: [ok(LocationPageSchema)],
  }),
  endpoint({
    operationId: 'updateLocation',
    method: 'PATCH',
    path: '/api/merchant/{merchantID}/locations/{locationID}',
    summary: "Changes a location's name, phone, hours and status.",
    tag: 'locations',
    caller: 'portal',
    pathParams: { merchantID: merchantIdParam, locationID: id('The location.') },
    body: LocationUpdateSchema,
    answers: [ok(LocationResponseSchema)],
  }),
  endpoint({
    operationId: 'listUsers',
    method: 'GET',
    path: '/api/merchant/{merchantID}/users',
    summary: "A page of the merchant's users.",
    tag: 'users',
    caller: 'portal',
    pathParams: { merchantID: merchantIdParam },
    query: v.object({ ...page(USER_PAGE_LIMIT), search, status: statuses(UserStatusSchema) }),
    answers: [ok(MerchantUserPageSchema)],
  }),
  endpoint({
    operationId: 'inviteUser',
    method: 'POST',
    path: '/api/merchant/{merchantID}/users',
    summary: 'Invites a user by email.',
    tag: 'users',
    caller: 'portal',
    idempotencyKey: 'sent',
    pathParams: { merchantID: merchantIdParam },
    body: InviteUserRequestSchema,
    answers: [created(MerchantUserResponseSchema)],
    failures: {
      403: '`access_exceeds_inviter`: the access level grants a scope the caller does not hold.',
      409: '`user_exists`.',
    },
  }),
  endpoint({
    operationId: 'changeUserAccess',
    method: 'PATCH',
    path: '/api/merchant/{merchantID}/users/{userID}',
    summary: "Changes a user's access level.",
    tag: 'users',
    caller: 'portal',
    pathParams: { merchantID: merchantIdParam, userID: id('The user.') },
    body: UpdateUserRequestSchema,
    answers: [ok(MerchantUserResponseSchema)],
    failures: {
      403: '`access_exceeds_inviter`: the access level grants a scope the caller does not hold.',
      409: '`cannot_change_self`.',
    },
  }),
  ...(
    [
      ['resendInvitation', 'resend-invitation', 'Sends an invited user a new activation link.'],
      ['deactivateUser', 'deactivate', 'Stops a user from signing in.'],
      ['reactivateUser', 'reactivate', 'Lets a deactivated user sign in again.'],
    ] as const
  ).map(([operationId, action, summary]) =>
    endpoint({
      operationId,
      method: 'POST',
      path: `/api/merchant/{merchantID}/users/{userID}/${action}`,
      summary,
      tag: 'users',
      caller: 'portal',
      pathParams: { merchantID: merchantIdParam, userID: id('The user.') },
      body: EmptyBodySchema,
      answers: [ok(MerchantUserResponseSchema)],
      failures: { 409: '`not_invited`, `cannot_change_self` or `invalid_user_state`.' },
    }),
  ),
  endpoint({
    operationId: 'listActivity',
    method: 'GET',
    path: '/api/merchant/{merchantID}/activity',
    summary:
      "The merchant's activity log (r:merchant.users), newest first: who made each write, when, what it touched and what changed (never a secret, a full card number or a full account number).",
    tag: 'users',
    caller: 'portal',
    pathParams: { merchantID: merchantIdParam },
    query: v.object({
      ...page(ACTIVITY_PAGE_LIMIT),
      actor: v.optional(v.pipe(opaqueId, v.description("A user's id: that user's entries only."))),
      kind: statuses(ActivityKindSchema),
      from: v.optional(
        v.pipe(v.string(), v.isoTimestamp(), v.description('Entries at or after this instant.')),
      ),
      to: v.optional(v.pipe(v.string(), v.isoTimestamp(), v.description('Entries before this instant.'))),
    }),
    answers: [ok(ActivityPageSchema)],
  }),
  endpoint({
    operationId: 'listVirtualCards',
    method: 'GET',
    path: '/api/merchant/{merchantID}/virtual-cards',
    summary: "The merchant's most recently issued virtual cards, masked.",
    tag: 'virtual cards',
    caller: 'portal',
    pathParams: { merchantID: merchantIdParam },
    query: v.object(page(VIRTUAL_CARD_PAGE_LIMIT)),
    answers: [ok(VirtualCardPageSchema)],
  }),
  endpoint({
    operationId: 'issueVirtualCard',
    method: 'POST',
    path: '/api/merchant/{merchantID}/virtual-cards',
    summary: 'Issues a single-use card; the answer is the only one that holds its number and CVV.',
    tag: 'virtual cards',
    caller: 'portal',
    idempotencyKey: 'required',
    pathParams: { merchantID: merchantIdParam },
    body: VirtualCardIssueRequestSchema,
    answers: [created(IssuedVirtualCardResponseSchema)],
    failures: { 403: '`reauthentication_required`: no sign-in within the last 5 minutes.' },
  }),

  // ---------------------------------------------------------------------------------------------------
  // Settings
  ...(
    [
      [
        'BusinessProfile',
        'business-profile',
        "The merchant's business profile",
        BusinessProfileResponseSchema,
        BusinessProfileUpdateSchema,
        BusinessProfileResponseSchema,
      ],
      [
        'BankInformation',
        'bank-information',
        "The merchant's payout bank account (never its full number)",
        BankInformationResponseSchema,
        BankInformationUpdateSchema,
        BankInformationChangedSchema,
      ],
      [
        'FundingSettings',
        'funding-settings',
        "The merchant's payout schedule and settlement options",
        FundingSettingsResponseSchema,
        FundingSettingsUpdateSchema,
        FundingSettingsResponseSchema,
      ],
      [
        'NotificationSubscriptions',
        'notification-subscriptions',
        'Who gets which email notifications',
        NotificationSubscriptionsResponseSchema,
        NotificationSubscriptionsUpdateSchema,
        NotificationSubscriptionsResponseSchema,
      ],
      [
        'CheckoutDesign',
        'checkout-design',
        "The checkout's colour, button style, logo and headline",
        CheckoutDesignResponseSchema,
        CheckoutDesignUpdateSchema,
        CheckoutDesignResponseSchema,
      ],
      [
        'Placements',
        'placements',
        'The on-site financing messages per page type',
        PlacementsResponseSchema,
        PlacementsUpdateSchema,
        PlacementsResponseSchema,
      ],
    ] as const
  ).flatMap(
    ([name, resource, what, read, update, updated]) =>
      [
        endpoint({
          operationId: `get${name}`,
          method: 'GET',
          path: `/api/merchant/{merchantID}/${resource}`,
          summary: `${what}.`,
          tag: 'settings',
          caller: 'portal',
          pathParams: { merchantID: merchantIdParam },
          answers: [ok(read)],
        }),
        endpoint({
          operationId: `update${name}`,
          method: 'PUT',
          path: `/api/merchant/{merchantID}/${resource}`,
          summary: `Replaces ${what.charAt(0).toLowerCase()}${what.slice(1)}.`,
          tag: 'settings',
          caller: 'portal',
          pathParams: { merchantID: merchantIdParam },
          body: update,
          answers: [ok(updated)],
        }),
      ] as const,
  ),
  endpoint({
    operationId: 'listAccessKeys',
    method: 'GET',
    path: '/api/merchant/{merchantID}/access-keys',
    summary:
      "The merchant's API access keys in use (r:merchant.api), never their secrets: rotated-out keys with `expiresAt` until then; revoked and lapsed ones are gone.",
    tag: 'settings',
    caller: 'portal',
    pathParams: { merchantID: merchantIdParam },
    answers: [ok(ManagedAccessKeyListSchema)],
  }),
  endpoint({
    operationId: 'revealAccessKeySecret',
    method: 'POST',
    path: '/api/merchant/{merchantID}/access-keys/{keyID}/reveal',
    summary:
      "A seeded access key's secret (r:merchant.api), for the current page; a created or rotated key's secret was answered once and never again.",
    tag: 'settings',
    caller: 'portal',
    pathParams: { merchantID: merchantIdParam, keyID: id('The access key.') },
    body: EmptyBodySchema,
    answers: [ok(AccessKeySecretSchema)],
    failures: { 410: '`secret_not_retrievable`: the key was made by create or rotate.' },
  }),
  endpoint({
    operationId: 'createAccessKey',
    method: 'POST',
    path: '/api/merchant/{merchantID}/access-keys',
    summary: 'Creates an access key (w:merchant.api, a fresh sign-in); its secret is answered this once.',
    tag: 'settings',
    caller: 'portal',
    idempotencyKey: 'sent',
    pathParams: { merchantID: merchantIdParam },
    body: AccessKeyCreateSchema,
    answers: [created(IssuedAccessKeySchema)],
    failures: {
      403: '`insufficient_scope`, or `reauthentication_required` (no sign-in within 5 minutes).',
      409: '`too_many_keys`; `secret_not_retrievable` for the same Idempotency-Key again (the secret is shown once).',
    },
  }),
  endpoint({
    operationId: 'rotateAccessKey',
    method: 'POST',
    path: '/api/merchant/{merchantID}/access-keys/{keyID}/rotate',
    summary:
      'Replaces a key (w:merchant.api, a fresh sign-in): the new secret answered this once; the old key works for `graceHours` (0, 1, 24 or 168) and is listed with `expiresAt` until then.',
    tag: 'settings',
    caller: 'portal',
    idempotencyKey: 'sent',
    pathParams: { merchantID: merchantIdParam, keyID: id('The access key.') },
    body: AccessKeyRotateSchema,
    answers: [ok(IssuedAccessKeySchema)],
    failures: {
      403: '`insufficient_scope`, or `reauthentication_required` (no sign-in within 5 minutes).',
      409: '`key_not_active`: already rotated; `secret_not_retrievable` for the same Idempotency-Key again.',
    },
  }),
  endpoint({
    operationId: 'revokeAccessKey',
    method: 'POST',
    path: '/api/merchant/{merchantID}/access-keys/{keyID}/revoke',
    summary: "Revokes a key at once (w:merchant.api), confirmed by typing the key's name.",
    tag: 'settings',
    caller: 'portal',
    idempotencyKey: 'sent',
    pathParams: { merchantID: merchantIdParam, keyID: id('The access key.') },
    body: AccessKeyRevokeSchema,
    answers: [ok(RevokedAccessKeySchema)],
    failures: { 422: '`key_name_mismatch`.' },
  }),
  endpoint({
    operationId: 'listVerificationCodes',
    method: 'GET',
    path: '/api/merchant/{merchantID}/location-verification-codes',
    summary: "The codes store staff type to prove a purchase happens at one of the merchant's locations.",
    tag: 'settings',
    caller: 'portal',
    pathParams: { merchantID: merchantIdParam },
    answers: [ok(VerificationCodeListSchema)],
  }),
  endpoint({
    operationId: 'checkMerchantIds',
    method: 'POST',
    path: '/api/merchant-id-validation',
    summary: 'Tells for each merchant id whether it names an enrolled merchant.',
    tag: 'settings',
    caller: 'portal',
    body: MerchantIdCheckRequestSchema,
    answers: [ok(MerchantIdCheckResponseSchema)],
  }),
]

/** The calls that only read: the platform check asks a live platform for each of them. */
export type ReadOperationId = Extract<(typeof ENDPOINTS)[number], { method: 'GET' }>['operationId']
