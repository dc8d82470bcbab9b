import type * as v from 'valibot'
import { ACTIVITY_PAGE_LIMIT } from '../../contract/activity'
import { CART_PAGE_LIMIT } from '../../contract/carts'
import type { ReadOperationId } from '../../contract/endpoints'
import { LOCATION_PAGE_LIMIT } from '../../contract/locations'
import { PARTICIPATION_PAGE_LIMIT } from '../../contract/programs'
import { SETTLEMENT_ENTRY_PAGE_LIMIT } from '../../contract/settlements'
import { TARGETING_EXPORT_PAGE_LIMIT } from '../../contract/targeting-exports'
import { TRANSACTION_PAGE_LIMIT } from '../../contract/transactions'
import { USER_PAGE_LIMIT } from '../../contract/users'
import { VIRTUAL_CARD_PAGE_LIMIT } from '../../contract/virtual-cards'
import type { Query } from '../../src/api/client'
import { ActivityPageReader } from '../../src/api/schemas/activity'
import { CartPageReader, CartResponseReader } from '../../src/api/schemas/carts'
import { InsightsResponseReader } from '../../src/api/schemas/insights'
import { LocationPageReader } from '../../src/api/schemas/locations'
import {
  MerchantPageReader,
  MerchantResponseReader,
  TenantResponseReader,
} from '../../src/api/schemas/merchants'
import {
  EnrollmentPageReader,
  MerchantValuesResponseReader,
  PaymentProductAggregationReader,
  PaymentProductConfigurationPageReader,
  PaymentProductPageReader,
} from '../../src/api/schemas/payment-products'
import {
  type Participation,
  ParticipationPageReader,
  ProgramResponseReader,
} from '../../src/api/schemas/programs'
import {
  AccessKeyListReader,
  BankInformationResponseReader,
  BusinessProfileResponseReader,
  CheckoutDesignResponseReader,
  FundingSettingsResponseReader,
  NotificationSubscriptionsResponseReader,
  PlacementsResponseReader,
  VerificationCodeListReader,
} from '../../src/api/schemas/settings'
import { SettlementEntryPageReader, SettlementReportReader } from '../../src/api/schemas/settlements'
import {
  TargetingExportFileReader,
  TargetingExportPageReader,
  TargetingExportResponseReader,
} from '../../src/api/schemas/targeting-exports'
import { TransactionPageReader, TransactionResponseReader } from '../../src/api/schemas/transactions'
import { MerchantUserPageReader } from '../../src/api/schemas/users'
import { VirtualCardPageReader } from '../../src/api/schemas/virtual-cards'
import { activeParticipations, MAX_PARTICIPATION_PAGES } from '../../src/programs/participations'

// Which reader of the portal reads each GET call of contract/endpoints.ts, and what the check asks it
// for: the portal's own readers (src/api/schemas), with queries such as its pages send. Ids a call
// needs come from the answers of calls listed before it.

/** What the answers so far tell the calls after them. */
export interface Known {
  /** The merchant the token acts for; undefined when neither the token nor --merchant names one. */
  merchantID: string | undefined
  tenantID: string | undefined
  /** Programs of the merchant's active participations, as the portal's gates and settings use them. */
  programIDs: string[] | undefined
  transactionID?: string
  cartID?: string
  settlementID?: string
  exportID?: string
  readyExportID?: string
}

/** One request: the path template's parameters and the query. */
export interface Target {
  params: Readonly<Record<string, string>>
  query?: Query
}

/** Sends one request through the portal's client and reader; the answer, or undefined when it was not read. */
export type Ask = <TReader extends v.GenericSchema>(
  reader: TReader,
  target: Target,
) => Promise<v.InferOutput<TReader> | undefined>

interface ReadingProbe {
  /** The requests to send, or why none can be. */
  targets(known: Known): readonly Target[] | string
  /** Sends one of them, and notes what its answer tells the probes after it. */
  read(ask: Ask, target: Target, known: Known): Promise<void>
}

/** How the check reads a call, or why it cannot make it at all. */
export type Probe = ReadingProbe | { skip: string }

function probe<TReader extends v.GenericSchema>(
  reader: TReader,
  targets: (known: Known) => readonly Target[] | string,
  learn?: (answer: v.InferOutput<TReader>, known: Known) => void,
): ReadingProbe {
  return {
    targets,
    async read(ask, target, known) {
      const answer = await ask(reader, target)
      if (answer !== undefined) learn?.(answer, known)
    },
  }
}

const NO_MERCHANT = 'the token acts for no merchant: pass --merchant'

/** A call about the merchant, with the query `query` gives. */
function forMerchant(query: (merchantID: string) => Query = () => ({})) {
  return (known: Known): readonly Target[] | string =>
    known.merchantID === undefined
      ? NO_MERCHANT
      : [{ params: { merchantID: known.merchantID }, query: query(known.merchantID) }]
}

/** A call per active program of the merchant. */
function perProgram(query: (merchantID: string, programID: string) => Query = () => ({})) {
  return ({ merchantID, programIDs }: Known): readonly Target[] | string => {
    if (merchantID === undefined) return NO_MERCHANT
    if (programIDs === undefined) return 'the participations could not be read'
    if (programIDs.length === 0) return 'the merchant has no active program'
    return programIDs.map((programID) => ({
      params: { programID, merchantID },
      query: query(merchantID, programID),
    }))
  }
}

/** A call about one record a list named, or why there is none. */
function forRecord(id: string | undefined, missing: string, query: Query = {}): readonly Target[] | string {
  return id === undefined ? missing : [{ params: { id }, query }]
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** The last 30 days, today included: a range every dated call accepts. */
function lastMonth(): { from: string; to: string } {
  const today = new Date()
  return { from: isoDay(new Date(today.getTime() - 29 * 86_400_000)), to: isoDay(today) }
}

/**
 * Every participation page, as the portal asks for them (src/programs/participations.ts): limit 200,
 * the next offset after what was sent, until the total is reached or a page comes back short.
 */
const participations: ReadingProbe = {
  targets: forMerchant((merchantID) => ({ 'merchantID.eq': merchantID })),
  async read(ask, target, known) {
    const all: Participation[] = []
    let offset = 0
    for (let page = 0; page < MAX_PARTICIPATION_PAGES; page++) {
      const query = { ...target.query, showArchived: 'true', limit: PARTICIPATION_PAGE_LIMIT, offset }
      const answer = await ask(ParticipationPageReader, { ...target, query })
      if (answer === undefined) return
      const { items, unreadable, pagination } = answer.data
      all.push(...items)
      const sent = items.length + unreadable
      offset += sent
      if (
        sent === 0 ||
        sent < Math.min(pagination.limit, PARTICIPATION_PAGE_LIMIT) ||
        offset >= pagination.total
      ) {
        break
      }
    }
    known.programIDs = [...new Set(activeParticipations(all).map((participation) => participation.programID))]
  },
}

/** The reader and the requests of every GET call: a new GET call in the table needs a line here. */
export const PROBES = {
  searchMerchants: probe(MerchantPageReader, () => [{ params: {}, query: { limit: 20, offset: 0 } }]),
  getMerchant: probe(MerchantResponseReader, forMerchant(), (answer, known) => {
    known.tenantID = answer.data.tenantID
  }),
  getTenant: probe(TenantResponseReader, ({ tenantID }) =>
    tenantID === undefined
      ? 'no tenant: neither the token nor the merchant named one'
      : [{ params: { tenantID } }],
  ),
  listParticipations: participations,
  getProgram: probe(ProgramResponseReader, perProgram()),
  listPaymentProducts: probe(
    PaymentProductPageReader,
    perProgram(() => ({ limit: 50, offset: 0 })),
  ),
  getPaymentProductAggregation: probe(
    PaymentProductAggregationReader,
    perProgram((merchantID) => ({ 'merchantID.eq': merchantID })),
  ),
  listPaymentProductConfigurations: probe(
    PaymentProductConfigurationPageReader,
    perProgram((merchantID) => ({ 'merchantID.eq': merchantID, limit: 50, offset: 0 })),
  ),
  listEnrollments: probe(
    EnrollmentPageReader,
    perProgram((merchantID, programID) => ({
      'merchantID.eq': merchantID,
      'programID.eq': programID,
      limit: 50,
      offset: 0,
    })),
  ),
  getMerchantValues: probe(MerchantValuesResponseReader, perProgram()),
  listTransactions: probe(
    TransactionPageReader,
    forMerchant((merchantID) => ({
      'merchantID.eq': merchantID,
      limit: TRANSACTION_PAGE_LIMIT,
      offset: 0,
      sort: 'createdAt:desc',
    })),
    (answer, known) => {
      known.transactionID = answer.data.items[0]?.id
    },
  ),
  getTransaction: probe(TransactionResponseReader, (known) =>
    forRecord(known.transactionID, 'no transaction in the first page of the list'),
  ),
  getInsights: probe(
    InsightsResponseReader,
    forMerchant(() => ({ ...lastMonth(), interval: 'day' })),
  ),
  getSettlementReport: probe(
    SettlementReportReader,
    forMerchant((merchantID) => ({ 'merchantID.eq': merchantID, ...lastMonth() })),
    (answer, known) => {
      known.settlementID = answer.data.items[0]?.id
    },
  ),
  listSettlementEntries: probe(SettlementEntryPageReader, (known) =>
    forRecord(known.settlementID, 'no settlement in the last 30 days', {
      limit: SETTLEMENT_ENTRY_PAGE_LIMIT,
      offset: 0,
    }),
  ),
  listTargetingExports: probe(
    TargetingExportPageReader,
    forMerchant((merchantID) => ({
      'merchantID.eq': merchantID,
      limit: TARGETING_EXPORT_PAGE_LIMIT,
      offset: 0,
    })),
    (answer, known) => {
      known.exportID = answer.data.items[0]?.id
      known.readyExportID = answer.data.items.find((job) => job.status === 'READY')?.id
    },
  ),
  getTargetingExport: probe(TargetingExportResponseReader, (known) =>
    forRecord(known.exportID, 'no targeting export in the first page of the list'),
  ),
  downloadTargetingExport: probe(TargetingExportFileReader, (known) =>
    forRecord(known.readyExportID, 'no READY targeting export in the first page of the list'),
  ),
  listCarts: probe(
    CartPageReader,
    forMerchant((merchantID) => ({ 'merchantID.eq': merchantID, limit: CART_PAGE_LIMIT, offset: 0 })),
    (answer, known) => {
      known.cartID = answer.data.items[0]?.id
    },
  ),
  getCart: probe(CartResponseReader, (known) =>
    forRecord(known.cartID, 'no cart in the first page of the list'),
  ),
  listLocations: probe(
    LocationPageReader,
    forMerchant(() => ({ limit: LOCATION_PAGE_LIMIT, offset: 0 })),
  ),
  listUsers: probe(
    MerchantUserPageReader,
    forMerchant(() => ({ limit: USER_PAGE_LIMIT, offset: 0 })),
  ),
  listActivity: probe(
    ActivityPageReader,
    forMerchant(() => ({ limit: ACTIVITY_PAGE_LIMIT, offset: 0 })),
  ),
  listVirtualCards: probe(
    VirtualCardPageReader,
    forMerchant(() => ({ limit: VIRTUAL_CARD_PAGE_LIMIT, offset: 0 })),
  ),
  getBusinessProfile: probe(BusinessProfileResponseReader, forMerchant()),
  getBankInformation: probe(BankInformationResponseReader, forMerchant()),
  getFundingSettings: probe(FundingSettingsResponseReader, forMerchant()),
  getNotificationSubscriptions: probe(NotificationSubscriptionsResponseReader, forMerchant()),
  getCheckoutDesign: probe(CheckoutDesignResponseReader, forMerchant()),
  getPlacements: probe(PlacementsResponseReader, forMerchant()),
  listAccessKeys: probe(AccessKeyListReader, forMerchant()),
  listVerificationCodes: probe(VerificationCodeListReader, forMerchant()),
  getActivationLink: { skip: 'it needs the token of an emailed invitation or reset link' },
} satisfies Record<ReadOperationId, Probe>
