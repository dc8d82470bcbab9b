import { Hono } from 'hono'
import type * as v from 'valibot'
import {
  AccessKeyListSchema,
  type AccessKeySchema,
  AccessKeySecretSchema,
  type KeyEnvironment,
} from '../../contract/settings'
import type { ApiDeps, ApiEnv } from '../api/env'
import { refuseOtherMerchant, requireScope } from '../api/guards'
import { sendError, sendValidated } from '../api/http'
import { SCOPES } from '../data/personas'
import type { Random } from '../data/random'

export type AccessKeyRecord = v.InferInput<typeof AccessKeySchema> & {
  merchantID: string
  /** Never listed; only the reveal call answers it. */
  secret: string
}

function token(random: Random, length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
  return Array.from({ length }, () => random.pick([...alphabet])).join('')
}

const PREFIX: Record<KeyEnvironment, { public: string; secret: string }> = {
  SANDBOX: { public: 'pk_test_', secret: 'sk_test_' },
  PRODUCTION: { public: 'pk_live_', secret: 'sk_live_' },
}

function key(
  merchantID: string,
  environment: KeyEnvironment,
  name: string,
  createdAt: string,
  lastUsedAt: string | null,
  random: Random,
): AccessKeyRecord {
  const secret = `${PREFIX[environment].secret}${token(random, 32)}`
  return {
    id: random.uuid(),
    merchantID,
    environment,
    name,
    publicKey: `${PREFIX[environment].public}${token(random, 24)}`,
    secret,
    secretLast4: secret.slice(-4),
    createdAt,
    lastUsedAt,
  }
}

export function generateAccessKeys(merchantID: string, random: Random): AccessKeyRecord[] {
  const keys = [
    key(merchantID, 'SANDBOX', 'Sandbox key', '2024-02-01T15:00:00.000Z', '2026-02-27T18:12:00.000Z', random),
    key(
      merchantID,
      'PRODUCTION',
      'Web checkout',
      '2024-02-20T17:45:00.000Z',
      '2026-03-01T09:30:00.000Z',
      random,
    ),
  ]
  if (random.chance(0.5)) {
    keys.push(key(merchantID, 'PRODUCTION', 'Point of sale', '2024-06-11T14:05:00.000Z', null, random))
  }
  return keys
}

function listed({ secret: _secret, merchantID: _merchant, ...rest }: AccessKeyRecord) {
  return rest
}

export function accessKeyRoutes({ store }: ApiDeps) {
  const keys = () => store().settings.accessKeys
  return new Hono<ApiEnv>()
    .get('/merchant/:merchantID/access-keys', requireScope(SCOPES.apiKeysRead), (c) => {
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      const items = keys().filter((candidate) => candidate.merchantID === merchantID)
      return sendValidated(c, AccessKeyListSchema, { data: { items: items.map(listed) } })
    })
    .post('/merchant/:merchantID/access-keys/:keyID/reveal', requireScope(SCOPES.apiKeysRead), (c) => {
      const { merchantID, keyID } = c.req.param()
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      const found = keys().find((candidate) => candidate.id === keyID && candidate.merchantID === merchantID)
      if (!found) return sendError(c, 404, 'not_found', 'No such access key.')
      return sendValidated(c, AccessKeySecretSchema, { data: { id: found.id, secret: found.secret } })
    })
}
