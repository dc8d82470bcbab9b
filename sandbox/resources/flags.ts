import { Hono } from 'hono'
import {
  BulkFlagResultSchema,
  FLAG_TAG,
  FlagEvaluationContextSchema,
  FlagResultSchema,
} from '../../contract/flags'
import type { ApiEnv } from '../api/env'
import { readBody, sendError, sendValidated } from '../api/http'
import type { FlagOverride, FlagState } from '../control-wire'
import { TENANT_IDS } from '../data/ids'
import { defineResource } from './resource'

interface FlagSetting {
  state: FlagState
  value: string
}

interface FlagDefinition {
  tags: readonly string[]
  /** Per evaluation-context tenantId ('' before sign-in); a tenant not listed gets no result. */
  byTenant: Map<string, FlagSetting>
  /** Set by a control-API override for all tenants; per-tenant settings win over it. */
  allTenants?: FlagSetting
}

export interface FlagsData {
  flags: Map<string, FlagDefinition>
}

const KNOWN_TAGS = new Set([FLAG_TAG])

function enabledEverywhere(): FlagDefinition {
  const on: FlagSetting = { state: 'on', value: 'true' }
  return {
    tags: [FLAG_TAG],
    byTenant: new Map([
      ['', on],
      [TENANT_IDS.default, on],
      [TENANT_IDS.bank, on],
    ]),
  }
}

/**
 * For the control API's overrides only, flag names match whatever their case style
 * (`is_location_page_enabled` is `isLocationPageEnabled`); the evaluation routes know a flag by its
 * platform name alone.
 */
function sameFlag(a: string, b: string): boolean {
  const key = (name: string) => name.replace(/[-_]/g, '').toLowerCase()
  return key(a) === key(b)
}

/** The name the flag is stored under, whatever style `name` is written in. */
function storedName(data: FlagsData, name: string): string {
  return [...data.flags.keys()].find((candidate) => sameFlag(candidate, name)) ?? name
}

/** A flag's setting for the tenant; `name` must be the flag's own (platform) name, as the service matches it. */
export function evaluateFlag(data: FlagsData, name: string, tenantId: string): FlagSetting {
  const flag = data.flags.get(name)
  if (!flag) return { state: 'missing', value: '' }
  return flag.byTenant.get(tenantId) ?? flag.allTenants ?? { state: 'no-result', value: '' }
}

export function overrideFlag(data: FlagsData, name: string, override: FlagOverride): void {
  const setting: FlagSetting = { state: override.state, value: override.value ?? 'true' }
  const key = storedName(data, name)
  const flag: FlagDefinition = data.flags.get(key) ?? { tags: [FLAG_TAG], byTenant: new Map() }
  if (override.tenantId === undefined) {
    flag.byTenant.clear()
    flag.allTenants = setting
  } else {
    flag.byTenant.set(override.tenantId, setting)
  }
  data.flags.set(key, flag)
}

export const flags = defineResource({
  key: 'flags',
  generate: () => ({
    flags: new Map([
      ['is_location_page_enabled', enabledEverywhere()],
      ['is_merchant_id_validation_page_enabled', enabledEverywhere()],
    ]),
  }),
  // Flags are evaluated before sign-in, with an empty tenantId.
  publicRoutes: [
    { method: 'POST', path: '/featureflag/evaluation/flag/*' },
    { method: 'POST', path: '/featureflag/evaluation/bulk' },
  ],
  routes: ({ store }) =>
    new Hono<ApiEnv>()
      .post('/featureflag/evaluation/flag/:flagName', async (c) => {
        const context = await readBody(c, FlagEvaluationContextSchema)
        if (!context.ok) return context.response
        const name = c.req.param('flagName')
        const setting = evaluateFlag(store().flags, name, context.value.tenantId)
        switch (setting.state) {
          case 'on':
            return sendValidated(c, FlagResultSchema, { result: setting.value })
          case 'disabled':
            return c.body(null, 204)
          case 'no-result':
            return sendError(
              c,
              400,
              'bad_request',
              `Flag ${name} did not return a result for the given context.`,
            )
          case 'deleted':
            return sendError(c, 410, 'not_found', `Flag ${name} has been deleted.`)
          case 'missing':
            return sendError(c, 404, 'not_found', `Flag ${name} could not be found.`)
        }
      })
      .post('/featureflag/evaluation/bulk', async (c) => {
        const tag = c.req.query('tag')
        if (!tag) return sendError(c, 400, 'bad_request', 'Tag name is required')
        if (!KNOWN_TAGS.has(tag))
          return sendError(c, 404, 'not_found', `The requested tag ${tag} was not found.`)
        const context = await readBody(c, FlagEvaluationContextSchema)
        if (!context.ok) return context.response
        const results: Record<string, { result: string }> = {}
        for (const [name, flag] of store().flags.flags) {
          if (!flag.tags.includes(tag)) continue
          const setting = evaluateFlag(store().flags, name, context.value.tenantId)
          if (setting.state === 'on') results[name] = { result: setting.value }
        }
        return sendValidated(c, BulkFlagResultSchema, results)
      }),
})
