import type { MiddlewareHandler } from 'hono'
import { type ActivityChange, ActivityEntrySchema } from '../../contract/activity'
import { findAccountById } from '../idp/accounts'
import { type ActivityRecord, activityWire, redactChanges } from '../resources/activity-records'
import { ACTIVITY_RULES, type ActivityRule, type Fields, type RuleScope } from './activity-rules'
import type { ApiDeps, ApiEnv } from './env'
import { assertWire } from './http'

/*
 * The activity log's one hook: every write the platform takes (activity-rules.ts) that acts (2xx) is
 * recorded with who made it, when (the sandbox clock), what it touched and what changed. Replays of
 * an Idempotency-Key never reach it (the idempotency middleware answers them before), so one effect
 * is one entry.
 */

interface Match {
  rule: ActivityRule
  params: Record<string, string>
}

function matchRule(method: string, path: string): Match | undefined {
  const segments = path.replace(/^\/api/, '').split('/')
  for (const rule of ACTIVITY_RULES) {
    if (rule.method !== method) continue
    const pattern = rule.path.split('/')
    if (pattern.length !== segments.length) continue
    const params: Record<string, string> = {}
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? ''
      if (part.startsWith(':')) {
        params[part.slice(1)] = decodeURIComponent(segment)
        return segment !== ''
      }
      return part === segment
    })
    if (matches) return { rule, params }
  }
  return undefined
}

function changesBetween(before: Fields, after: Fields): ActivityChange[] {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  return names
    .filter((name) => before[name] !== after[name])
    .map((field) => {
      const change: ActivityChange = { field }
      const was = before[field]
      const now = after[field]
      if (was !== undefined) change.before = was
      if (now !== undefined) change.after = now
      return change
    })
}

async function answerOf(response: Response): Promise<unknown> {
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return undefined
  try {
    return await response.clone().json()
  } catch {
    return undefined
  }
}

export function recordActivity(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const claims = c.get('claims')
    const match = claims ? matchRule(c.req.method, c.req.path) : undefined
    if (!claims || !match) return next()
    const { rule, params } = match
    const scope: RuleScope = { store: deps.store(), params, merchantID: claims.cid, userID: claims.uid }
    const before = rule.read?.(scope)
    await next()
    if (c.res.status < 200 || c.res.status >= 300) return
    const answer = await answerOf(c.res)
    const after = rule.read ? rule.read(scope) : rule.made?.(answer)
    const target = rule.target?.(scope, answer) ?? { id: Object.values(params).at(-1) }
    const entries = scope.store.activity.of(scope.merchantID)
    if (!entries || target.id === undefined) return
    const account = findAccountById(scope.store, claims.uid)
    const record: ActivityRecord = {
      id: crypto.randomUUID(),
      at: deps.clock.now(),
      merchantID: scope.merchantID,
      actor: {
        id: claims.uid,
        email: account?.username ?? claims.uid,
        ...(account?.name ? { name: account.name } : {}),
      },
      kind: rule.kind,
      target: { type: rule.type, id: target.id, ...(target.label ? { label: target.label } : {}) },
      changes: redactChanges(changesBetween(before ?? {}, after ?? {})),
    }
    assertWire(ActivityEntrySchema, activityWire(record), `activity entry of ${c.req.method} ${c.req.path}`)
    entries.push(record)
  }
}
