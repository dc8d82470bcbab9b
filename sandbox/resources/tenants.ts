import { Hono } from 'hono'
import type * as v from 'valibot'
import { TenantResponseSchema, type TenantSchema } from '../../contract/merchants'
import type { ApiEnv } from '../api/env'
import { sendError, sendValidated } from '../api/http'
import { TENANT_IDS } from '../data/ids'
import { defineResource } from './resource'

export type TenantRecord = v.InferInput<typeof TenantSchema>
export type TenantsData = ReadonlyMap<string, TenantRecord>

export const tenants = defineResource({
  key: 'tenants',
  generate: () =>
    new Map<string, TenantRecord>([
      [TENANT_IDS.default, { id: TENANT_IDS.default, name: 'Provider', brand: 'DEFAULT' }],
      [TENANT_IDS.bank, { id: TENANT_IDS.bank, name: 'Harbor Bank', brand: 'BANK' }],
    ]),
  // The brand decides the shell's look before a merchant is chosen, so it needs no token.
  publicRoutes: [{ method: 'GET', path: '/tenant/*' }],
  routes: ({ store }) =>
    new Hono<ApiEnv>().get('/tenant/:tenantID', (c) => {
      const tenant = store().tenants.get(c.req.param('tenantID'))
      if (!tenant) return sendError(c, 404, 'not_found', 'No such tenant.')
      return sendValidated(c, TenantResponseSchema, { data: tenant })
    }),
})
