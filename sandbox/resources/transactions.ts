import { Hono } from 'hono'
import * as v from 'valibot'
import {
  type SortDirection,
  TRANSACTION_PAGE_LIMIT,
  TRANSACTION_SEARCH_TYPES,
  TRANSACTION_SORT_FIELDS,
  TRANSACTION_STATUSES,
  type TransactionAction,
  TransactionActionBodySchema,
  TransactionPageSchema,
  TransactionResponseSchema,
  type TransactionSortField,
  type TransactionStatus,
} from '../../contract/transactions'
import type { ApiContext, ApiEnv } from '../api/env'
import { claimsOf, requireTransactionAction } from '../api/guards'
import { readPage, sendError, sendValidated } from '../api/http'
import { MERCHANT_IDS, ZERO_MERCHANT_ID } from '../data/ids'
import { SCOPES } from '../data/personas'
import type { Random } from '../data/random'
import { parseCalendarDate } from '../shared/calendar'
import { liveParticipations, type ProgramRecord, type ProgramsData } from './programs'
import { defineResource } from './resource'
import { applyAction, expireIfDue } from './transactions-actions'
import { disputeRoutes, EVIDENCE_BODY_LIMIT } from './transactions-dispute-routes'
import { actorOf, refuseWithoutKey, sendRefusal, transactionOf } from './transactions-http'
import { anchorTime, ledgerFor, type MerchantLedger, type TransactionsData } from './transactions-ledger'
import { listTransactions, sortKeysChanged } from './transactions-list'
import { listItem, transactionWire } from './transactions-wire'

/*
 * The transactions resource: each merchant's ledger, generated on first use (transactions-ledger.ts),
 * and the routes that list, read, settle, refund and cancel its transactions; its dispute's routes
 * are in transactions-dispute-routes.ts.
 */

export const ACME_TRANSACTION_COUNT = 50_000
const COUNTS: Readonly<Record<string, number>> = {
  [MERCHANT_IDS.acme]: ACME_TRANSACTION_COUNT,
  [MERCHANT_IDS.globex]: 4_000,
  [MERCHANT_IDS.initech]: 1_500,
  [MERCHANT_IDS.harbor]: 3_000,
}

const SORT_PATTERN = new RegExp(`^(${TRANSACTION_SORT_FIELDS.join('|')}):(asc|desc)$`)

function readList(query: string[] | undefined): string[] {
  return (query ?? []).flatMap((value) => value.split(',')).filter((value) => value !== '')
}

function actionRoute(action: TransactionAction, deps: { data: () => TransactionsData }) {
  return async (c: ApiContext) => {
    const withoutKey = refuseWithoutKey(c)
    if (withoutKey) return withoutKey
    const raw = await c.req.text()
    let json: unknown = {}
    try {
      json = raw.trim() === '' ? {} : JSON.parse(raw)
    } catch {
      return sendError(c, 400, 'bad_request', 'The request body must be JSON.')
    }
    const body = v.safeParse(TransactionActionBodySchema, json)
    if (!body.success) {
      return sendError(c, 400, 'validation_failed', 'amount must be a whole number of cents above zero.')
    }

    const found = transactionOf(c, deps.data())
    if (found instanceof Response) return found
    const { ledger, record } = found

    // A repeated key is answered before this route (sandbox/api/idempotency.ts): this send is the first.
    const refusal = applyAction(ledger, record, action, body.output.amount, actorOf(c), Date.now())
    if (refusal) return sendRefusal(c, { status: 409, ...refusal })
    return sendValidated(c, TransactionResponseSchema, { data: transactionWire(record, ledger) })
  }
}

/** The list's `needsAction` parameter: true, false (or absent), or null when it is neither. */
function readNeedsAction(raw: string | undefined): boolean | null {
  if (raw === undefined || raw === '' || raw === 'false') return false
  return raw === 'true' ? true : null
}

function countFor(random: Random, merchantID: string): number {
  return COUNTS[merchantID] ?? random.int(200, 1_000)
}

export const transactions = defineResource({
  key: 'transactions',
  generate: ({ random, need }) => {
    const merchants = need('merchants')
    const programsData: ProgramsData = need('programs')
    const now = anchorTime()
    const ledgers = new Map<string, MerchantLedger>()
    return {
      now,
      ledger(merchantID) {
        const existing = ledgers.get(merchantID)
        if (existing) return existing
        const merchant = merchants.find((candidate) => candidate.id === merchantID)
        if (!merchant) return undefined
        // Each merchant draws from its own stream, so the order of first use never changes the data.
        const stream = random.fork(merchantID)
        const programs = liveParticipations(programsData, merchantID)
          .map((participation) => programsData.programs.get(participation.programID))
          .filter((program): program is ProgramRecord => program !== undefined)
          .sort((a, b) => (a.channel === b.channel ? 0 : a.channel === 'ECOMM' ? -1 : 1))
        const ledger = ledgerFor(stream, merchant, programs, countFor(stream, merchantID), now)
        ledgers.set(merchantID, ledger)
        return ledger
      },
    } satisfies TransactionsData
  },
  routes: ({ store }) => {
    const data = () => store().transactions
    return new Hono<ApiEnv>()
      .get('/transactions', (c) => {
        const merchantID = c.req.query('merchantID.eq')
        const { cid } = claimsOf(c)
        if (!merchantID) return sendError(c, 400, 'bad_request', 'merchantID.eq is required.')
        if (cid === ZERO_MERCHANT_ID || cid !== merchantID) {
          return sendError(c, 403, 'merchant_not_allowed', 'The token does not act for this merchant.')
        }
        const ledger = data().ledger(merchantID)
        if (!ledger) return sendError(c, 404, 'not_found', 'No such merchant.')
        const page = readPage(c, { defaultLimit: 25, max: TRANSACTION_PAGE_LIMIT })
        if (!page.ok) return page.response

        const sort = SORT_PATTERN.exec(c.req.query('sort') ?? 'createdAt:desc')
        if (!sort) {
          return sendError(
            c,
            400,
            'bad_request',
            `sort must be one of ${TRANSACTION_SORT_FIELDS.join(', ')} with :asc or :desc.`,
          )
        }
        const searchType = c.req.query('searchType') ?? 'Transaction'
        if (!v.is(v.picklist(TRANSACTION_SEARCH_TYPES), searchType)) {
          return sendError(
            c,
            400,
            'bad_request',
            `searchType must be one of ${TRANSACTION_SEARCH_TYPES.join(', ')}.`,
          )
        }
        const statuses = readList(c.req.queries('status'))
        const unknownStatus = statuses.find((status) => !v.is(v.picklist(TRANSACTION_STATUSES), status))
        if (unknownStatus !== undefined) {
          return sendError(c, 400, 'bad_request', `Unknown status ${unknownStatus}.`)
        }
        const programIDs = readList(c.req.queries('programID'))
        const dates: Record<'from' | 'to', string | null> = { from: null, to: null }
        for (const name of ['from', 'to'] as const) {
          const raw = c.req.query(name)
          if (raw === undefined || raw === '') continue
          const date = parseCalendarDate(raw)
          if (!date) {
            return sendError(
              c,
              400,
              'bad_request',
              `${name} must be a calendar date (yyyy-MM-dd) in the merchant's time zone.`,
            )
          }
          dates[name] = date
        }

        const needsAction = readNeedsAction(c.req.query('needsAction'))
        if (needsAction === null) {
          return sendError(c, 400, 'bad_request', 'needsAction must be true or false.')
        }

        const search = (c.req.query('search') ?? '').trim()
        const result = listTransactions(ledger, {
          search: search === '' ? null : search,
          searchType,
          statuses: statuses.length > 0 ? new Set(statuses as TransactionStatus[]) : null,
          programIDs: programIDs.length > 0 ? new Set(programIDs) : null,
          from: dates.from,
          to: dates.to,
          needsAction,
          sort: sort[1] as TransactionSortField,
          direction: sort[2] as SortDirection,
          offset: page.value.offset,
          limit: page.value.limit,
          now: Date.now(),
        })
        if (!result) {
          return sendError(c, 400, 'bad_request', 'An amount search takes an amount such as 125 or 125.50.')
        }
        return sendValidated(c, TransactionPageSchema, {
          data: {
            items: result.items.map(listItem),
            pagination: { offset: page.value.offset, limit: page.value.limit, total: result.total },
            summary: result.summary,
            needsAction: result.needsAction,
          },
        })
      })
      .get('/transactions/:id', (c) => {
        const found = transactionOf(c, data())
        if (found instanceof Response) return found
        const { ledger, record } = found
        if (expireIfDue(record, Date.now())) sortKeysChanged(ledger)
        return sendValidated(c, TransactionResponseSchema, { data: transactionWire(record, ledger) })
      })
      .post(
        '/transactions/:id/settle',
        requireTransactionAction(SCOPES.txSettle),
        actionRoute('settle', { data }),
      )
      .post(
        '/transactions/:id/refund',
        requireTransactionAction(SCOPES.txRefund),
        actionRoute('refund', { data }),
      )
      .post(
        '/transactions/:id/cancel',
        requireTransactionAction(SCOPES.txCancel),
        actionRoute('cancel', { data }),
      )
      .route('/', disputeRoutes({ data }))
  },
  bodyLimits: [EVIDENCE_BODY_LIMIT],
})
