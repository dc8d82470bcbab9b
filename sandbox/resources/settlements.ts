import { Hono } from 'hono'
import { ErrorBodySchema } from '../../contract/error'
import {
  SETTLEMENT_ENTRY_PAGE_LIMIT,
  SETTLEMENT_MAX_DAYS,
  SETTLEMENT_RANGE_TOO_LONG,
  SettlementEntryPageSchema,
  SettlementReportSchema,
} from '../../contract/settlements'
import type { ApiContext, ApiEnv } from '../api/env'
import { claimsOf, refuseNoMerchant, refuseQueriedMerchant } from '../api/guards'
import { readPage, sendError, sendValidated } from '../api/http'
import type { Random } from '../data/random'
import { daysBetween, parseCalendarDate, todayIn } from '../shared/calendar'
import type { MerchantRecord } from './merchants'
import { defineResource } from './resource'
import {
  type SettlementsData,
  settlementDateOf,
  settlementEntries,
  settlementReport,
} from './settlements-report'
import type { MerchantLedger } from './transactions-ledger'

/*
 * Settlements are read off the transactions resource's own ledgers on every call, so a settle or a
 * refund made through the API shows in today's batch at once (settlements-report.ts builds the
 * batches, settlements-movements.ts finds what they hold).
 */

function refuseRange(c: ApiContext, days: number): Response {
  return sendValidated(
    c,
    ErrorBodySchema,
    {
      error: {
        code: SETTLEMENT_RANGE_TOO_LONG,
        message: `A settlement report covers at most ${SETTLEMENT_MAX_DAYS} days; this range has ${days}. Choose a shorter range.`,
        details: { maxDays: SETTLEMENT_MAX_DAYS, days },
      },
    },
    400,
  )
}

export const settlements = defineResource({
  key: 'settlements',
  generate: ({ random, need }) => {
    const transactions = need('transactions')
    const rates = new Map<string, number>()
    return {
      transactions,
      feeBps(programID, channel) {
        const known = rates.get(programID)
        if (known !== undefined) return known
        // Each program draws from its own stream, so the order of first use never changes a rate.
        const stream: Random = random.fork(programID)
        const rate = channel === 'ECOMM' ? stream.int(390, 590) : stream.int(290, 450)
        rates.set(programID, rate)
        return rate
      },
    } satisfies SettlementsData
  },
  routes: ({ store }) => {
    /** The token's merchant and its ledger, or why not: no merchant chosen, or the bank brand. */
    function merchantOf(c: ApiContext): { merchant: MerchantRecord; ledger: MerchantLedger } | Response {
      const refused = refuseNoMerchant(c)
      if (refused) return refused
      const { cid } = claimsOf(c)
      const merchant = store().merchants.find((candidate) => candidate.id === cid)
      const ledger = store().settlements.transactions.ledger(cid)
      if (!merchant || !ledger) return sendError(c, 404, 'not_found', 'No such merchant.')
      if (store().tenants.get(merchant.tenantID)?.brand === 'BANK') {
        return sendError(c, 403, 'forbidden', 'Settlement reports are not offered on this brand.')
      }
      return { merchant, ledger }
    }

    return new Hono<ApiEnv>()
      .get('/settlements', (c) => {
        const refused = refuseQueriedMerchant(c)
        if (refused) return refused
        const found = merchantOf(c)
        if (found instanceof Response) return found
        const from = parseCalendarDate(c.req.query('from') ?? '')
        const to = parseCalendarDate(c.req.query('to') ?? '')
        if (!from || !to) {
          return sendError(
            c,
            400,
            'bad_request',
            "from and to are required: calendar dates (yyyy-MM-dd) in the merchant's time zone.",
          )
        }
        if (from > to) return sendError(c, 400, 'bad_request', 'from must not be after to.')
        const days = daysBetween(from, to) + 1
        if (days > SETTLEMENT_MAX_DAYS) return refuseRange(c, days)
        const report = settlementReport(found.ledger, store().settlements, {
          merchantID: found.merchant.id,
          from,
          to,
          today: todayIn(found.merchant.timeZone),
        })
        return sendValidated(c, SettlementReportSchema, { data: report })
      })
      .get('/settlements/:id/transactions', (c) => {
        const found = merchantOf(c)
        if (found instanceof Response) return found
        const page = readPage(c, { defaultLimit: 25, max: SETTLEMENT_ENTRY_PAGE_LIMIT })
        if (!page.ok) return page.response
        const date = settlementDateOf(found.merchant.id, c.req.param('id'))
        const settlement = date
          ? settlementReport(found.ledger, store().settlements, {
              merchantID: found.merchant.id,
              from: date,
              to: date,
              today: todayIn(found.merchant.timeZone),
            }).items[0]
          : undefined
        if (!date || !settlement) return sendError(c, 404, 'not_found', 'No such settlement.')
        const entries = settlementEntries(found.ledger, store().settlements, date)
        const { offset, limit } = page.value
        return sendValidated(c, SettlementEntryPageSchema, {
          data: {
            settlement,
            items: entries.slice(offset, offset + limit),
            pagination: { offset, limit, total: entries.length },
          },
        })
      })
  },
})
