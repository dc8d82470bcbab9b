import { Hono } from 'hono'
import { LogEntrySchema, LogResponseSchema } from '../../contract/log'
import type { ApiEnv } from '../api/env'
import { readBody, sendValidated } from '../api/http'
import type { ReceivedLog } from '../control-wire'
import { defineResource } from './resource'

/** What the log sink received, oldest first, for tests to read through the control API. */
export type LogsData = ReceivedLog[]

const MAX_KEPT = 1000

export const logs = defineResource({
  key: 'logs',
  generate: (): LogsData => [],
  // The portal reports failures that happen before or during sign-in too.
  publicRoutes: [{ method: 'POST', path: '/merchant-portal-backend/log' }],
  routes: ({ store }) =>
    new Hono<ApiEnv>().post('/merchant-portal-backend/log', async (c) => {
      const entry = await readBody(c, LogEntrySchema)
      if (!entry.ok) return entry.response
      const received = store().logs
      received.push({ ...entry.value, receivedAt: new Date().toISOString() })
      if (received.length > MAX_KEPT) received.splice(0, received.length - MAX_KEPT)
      return sendValidated(c, LogResponseSchema, { data: { accepted: true } })
    }),
})
