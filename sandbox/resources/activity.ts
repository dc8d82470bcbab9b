import { Hono } from 'hono'
import { ACTIVITY_KINDS, ACTIVITY_PAGE_LIMIT, ActivityPageSchema } from '../../contract/activity'
import type { ApiEnv } from '../api/env'
import { refuseOtherMerchant, requireScope } from '../api/guards'
import { readPage, sendError, sendValidated } from '../api/http'
import { readStatusFilter } from '../api/status-filter'
import { perMerchant } from '../data/per-merchant'
import { SCOPES } from '../data/personas'
import { type ActivityData, activityWire, seedActivity } from './activity-records'
import { defineResource } from './resource'

/*
 * The activity log: who did what, for each merchant. Entries are written by the API's activity hook
 * (api/activity-hook.ts) on every write that acts; a few thousand earlier ones are seeded for Acme
 * Outdoor so that its pages are real.
 */

function readInstant(raw: string | undefined): number | null | undefined {
  if (raw === undefined || raw === '') return null
  const parsed = Date.parse(raw)
  return /^\d{4}-\d{2}-\d{2}T/.test(raw) && !Number.isNaN(parsed) ? parsed : undefined
}

export const activity = defineResource({
  key: 'activity',
  generate: ({ random, need }) => {
    const merchants = need('merchants')
    const users = need('users')
    const { now } = need('transactions')
    return {
      of: perMerchant(merchants, random, (merchant, stream) =>
        seedActivity(merchant.id, users.of(merchant.id) ?? [], now, stream),
      ),
    } satisfies ActivityData
  },
  routes: ({ store }) =>
    new Hono<ApiEnv>().get('/merchant/:merchantID/activity', requireScope(SCOPES.usersRead), (c) => {
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      const entries = store().activity.of(merchantID)
      if (!entries) return sendError(c, 404, 'not_found', 'No such merchant.')
      const page = readPage(c, { defaultLimit: 50, max: ACTIVITY_PAGE_LIMIT })
      if (!page.ok) return page.response
      const kinds = readStatusFilter(c, ACTIVITY_KINDS, 'kind')
      if (kinds instanceof Response) return kinds
      const from = readInstant(c.req.query('from'))
      const to = readInstant(c.req.query('to'))
      if (from === undefined || to === undefined) {
        return sendError(c, 400, 'bad_request', 'from and to are ISO date-times (2026-03-01T00:00:00Z).')
      }
      const actor = c.req.query('actor') || null
      const matching = entries.filter(
        (entry) =>
          (actor === null || entry.actor.id === actor) &&
          (kinds === null || kinds.includes(entry.kind)) &&
          (from === null || entry.at >= from) &&
          (to === null || entry.at < to),
      )
      const { offset, limit } = page.value
      // Newest first: the records are kept oldest first, as they are written.
      const newestFirst = matching.slice().reverse()
      return sendValidated(c, ActivityPageSchema, {
        data: {
          items: newestFirst.slice(offset, offset + limit).map(activityWire),
          pagination: { offset, limit, total: matching.length },
        },
      })
    }),
})
