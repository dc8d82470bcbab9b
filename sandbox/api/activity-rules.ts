import type { ActivityKind, ActivityTargetType } from '../../contract/activity'
import type { Store } from '../store'

/*
 * Which writes the activity log records, and how each is described: the record it touched as fields
 * before and after the call (`read`), or, for a record the call made, the answer's fields (`made`).
 * Only the fields named here are read, so a secret never reaches the log from a rule; the log's own
 * redaction (resources/activity-records.ts) is the second guard. Over 300 lines on purpose: one
 * table of every write the platform takes, so a new write's missing row is seen in one place.
 */

export type Fields = Record<string, string>

export interface RuleScope {
  store: Store
  params: Readonly<Record<string, string>>
  merchantID: string
  userID: string
}

export interface ActivityRule {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** A path under /api with `:name` segments. */
  path: string
  kind: ActivityKind
  type: ActivityTargetType
  read?(scope: RuleScope): Fields | undefined
  /** Fields of what the call made, from its answer (JSON, or undefined for an empty answer). */
  made?(answer: unknown): Fields
  /** The target's id and label; by default the path's last parameter and no label. */
  target?(scope: RuleScope, answer: unknown): { id: string | undefined; label?: string | undefined }
}

/** The value at a dot path of a parsed JSON answer, as text; undefined when absent. */
export function at(value: unknown, path: string): string | undefined {
  let current: unknown = value
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<string, unknown>)[key]
  }
  if (current === undefined || current === null) return undefined
  return typeof current === 'string' ? current : JSON.stringify(current)
}

function pick(value: unknown, paths: Readonly<Record<string, string>>): Fields {
  const fields: Fields = {}
  for (const [name, path] of Object.entries(paths)) {
    const found = at(value, path)
    if (found !== undefined) fields[name] = found
  }
  return fields
}

/** A record's own fields as text (nested values as JSON), `omit` left out. */
function flatten(record: object | undefined, omit: readonly string[] = []): Fields | undefined {
  if (!record) return undefined
  const fields: Fields = {}
  for (const [key, value] of Object.entries(record)) {
    if (omit.includes(key) || value === undefined || value === null) continue
    fields[key] = typeof value === 'string' ? value : JSON.stringify(value)
  }
  return fields
}

const dollars = (cents: number) => (cents / 100).toFixed(2)

function transaction({ store, params, merchantID }: RuleScope) {
  const ledger = store.transactions.ledger(merchantID)
  const index = params.id === undefined ? undefined : ledger?.indexById.get(params.id)
  return index === undefined ? undefined : ledger?.records[index]
}

const transactionFields = (scope: RuleScope): Fields | undefined => {
  const record = transaction(scope)
  return (
    record && {
      status: record.status,
      settled: dollars(record.settled),
      refunded: dollars(record.refunded),
      remaining: dollars(record.remaining),
      ...(record.dispute ? { dispute: record.dispute.status } : {}),
    }
  )
}
const transactionTarget = (scope: RuleScope) => ({ id: scope.params.id, label: transaction(scope)?.orderId })

function cart({ store, params, merchantID }: RuleScope) {
  return store.carts.carts(merchantID)?.records.find((record) => record.id === params.id)
}
const cartFields = (scope: RuleScope): Fields | undefined => {
  const record = cart(scope)
  return (
    record && {
      status: record.status,
      customer: record.customer.name,
      items: String(record.items.length),
      shipping: dollars(record.shipping),
      tax: dollars(record.tax),
    }
  )
}
const cartTarget = (scope: RuleScope) => ({ id: scope.params.id, label: cart(scope)?.reference })

function user({ store, params, merchantID }: RuleScope) {
  return store.users.of(merchantID)?.find((record) => record.id === params.userID)
}
const userTarget = (scope: RuleScope) => ({ id: scope.params.userID, label: user(scope)?.email })

function settingsPage(
  page: string,
  read: (store: Store, merchantID: string) => object | undefined,
): ActivityRule {
  return {
    method: 'PUT',
    path: `/merchant/:merchantID/${page}`,
    kind: 'settings.saved',
    type: 'settings',
    read: ({ store, merchantID }) => flatten(read(store, merchantID), ['merchantID', 'updatedAt']),
    target: () => ({ id: page, label: page }),
  }
}

function accessKey({ store, params }: RuleScope) {
  return store.settings.accessKeys.find((key) => key.id === params.keyID)
}
const keyFields = (scope: RuleScope): Fields | undefined => {
  const key = accessKey(scope)
  if (!key) return undefined
  const status = key.revoked ? 'REVOKED' : key.expiresAt === null ? 'ACTIVE' : 'EXPIRING'
  return {
    status,
    ...(key.expiresAt === null ? {} : { expiresAt: new Date(key.expiresAt).toISOString() }),
  }
}
const keyTarget = (scope: RuleScope) => ({ id: scope.params.keyID, label: accessKey(scope)?.name })

const txAction = (action: string, kind: ActivityKind): ActivityRule => ({
  method: 'POST',
  path: `/transactions/:id/${action}`,
  kind,
  type: 'transaction',
  read: transactionFields,
  target: transactionTarget,
})

export const ACTIVITY_RULES: readonly ActivityRule[] = [
  txAction('settle', 'transaction.settled'),
  txAction('refund', 'transaction.refunded'),
  txAction('cancel', 'transaction.cancelled'),
  txAction('dispute/accept', 'dispute.accepted'),
  txAction('dispute/challenge', 'dispute.challenged'),
  {
    method: 'POST',
    path: '/transactions/:id/dispute/evidence',
    kind: 'dispute.evidence_uploaded',
    type: 'transaction',
    made: (answer) =>
      pick(answer, { file: 'data.fileName', contentType: 'data.contentType', size: 'data.size' }),
    target: transactionTarget,
  },
  {
    method: 'POST',
    path: '/carts',
    kind: 'cart.created',
    type: 'cart',
    made: (answer) => {
      const total = at(answer, 'data.total')
      return {
        ...pick(answer, { status: 'data.status', customer: 'data.customer.name' }),
        ...(total === undefined ? {} : { total: dollars(Number(total)) }),
      }
    },
    target: (_scope, answer) => ({ id: at(answer, 'data.id'), label: at(answer, 'data.reference') }),
  },
  {
    method: 'PATCH',
    path: '/carts/:id',
    kind: 'cart.updated',
    type: 'cart',
    read: cartFields,
    target: cartTarget,
  },
  {
    method: 'POST',
    path: '/carts/:id/notify',
    kind: 'cart.sent',
    type: 'cart',
    read: cartFields,
    target: cartTarget,
  },
  {
    method: 'POST',
    path: '/carts/:id/expire',
    kind: 'cart.expired',
    type: 'cart',
    read: cartFields,
    target: cartTarget,
  },
  {
    method: 'POST',
    path: '/merchant/:merchantID/users',
    kind: 'user.invited',
    type: 'user',
    made: (answer) =>
      pick(answer, { email: 'data.email', name: 'data.name', accessLevel: 'data.accessLevel' }),
    target: (_scope, answer) => ({ id: at(answer, 'data.id'), label: at(answer, 'data.email') }),
  },
  ...(
    [
      ['PATCH', '', 'user.access_changed'],
      ['POST', '/resend-invitation', 'user.invitation_resent'],
      ['POST', '/deactivate', 'user.deactivated'],
      ['POST', '/reactivate', 'user.reactivated'],
    ] as const
  ).map(
    ([method, action, kind]): ActivityRule => ({
      method,
      path: `/merchant/:merchantID/users/:userID${action}`,
      kind,
      type: 'user',
      read: (scope) => {
        const record = user(scope)
        return (
          record && {
            status: record.status,
            accessLevel: record.accessLevel,
            ...(record.invitedAt === null ? {} : { invitedAt: new Date(record.invitedAt).toISOString() }),
          }
        )
      },
      target: userTarget,
    }),
  ),
  settingsPage('business-profile', (store, merchantID) => store.settings.profiles.get(merchantID)),
  settingsPage('funding-settings', (store, merchantID) => store.settings.funding.get(merchantID)),
  settingsPage('notification-subscriptions', (store, merchantID) =>
    store.settings.subscriptions.get(merchantID),
  ),
  settingsPage('checkout-design', (store, merchantID) => store.settings.checkoutDesigns.get(merchantID)),
  settingsPage('placements', (store, merchantID) => store.settings.placements.get(merchantID)),
  {
    method: 'PATCH',
    path: '/program/:programID/merchant/:merchantID/values',
    kind: 'settings.saved',
    type: 'settings',
    made: (answer) => pick(answer, { values: 'data.values' }),
    target: () => ({ id: 'internal-values', label: 'internal-values' }),
  },
  {
    method: 'PUT',
    path: '/merchant/:merchantID/bank-information',
    kind: 'bank.changed',
    type: 'bank_account',
    read: ({ store, merchantID }) => {
      const bank = store.settings.bankInformation.get(merchantID)
      return (
        bank && {
          accountHolder: bank.accountHolder,
          routingNumber: bank.routingNumber,
          accountType: bank.accountType,
          accountNumber: bank.accountNumberLast4,
          status: bank.status,
          ...(bank.payoutsHeldUntil ? { payoutsHeldUntil: bank.payoutsHeldUntil } : {}),
        }
      )
    },
    target: ({ merchantID }) => ({ id: merchantID, label: 'Payout account' }),
  },
  {
    method: 'POST',
    path: '/merchant/:merchantID/access-keys',
    kind: 'key.created',
    type: 'access_key',
    made: (answer) =>
      pick(answer, { name: 'data.key.name', environment: 'data.key.environment', status: 'data.key.status' }),
    target: (_scope, answer) => ({ id: at(answer, 'data.key.id'), label: at(answer, 'data.key.name') }),
  },
  {
    method: 'POST',
    path: '/merchant/:merchantID/access-keys/:keyID/rotate',
    kind: 'key.rotated',
    type: 'access_key',
    read: keyFields,
    target: keyTarget,
  },
  {
    method: 'POST',
    path: '/merchant/:merchantID/access-keys/:keyID/revoke',
    kind: 'key.revoked',
    type: 'access_key',
    read: keyFields,
    target: keyTarget,
  },
  {
    method: 'POST',
    path: '/merchant/:merchantID/virtual-cards',
    kind: 'card.issued',
    type: 'virtual_card',
    // The card's last four digits only: never its number or CVV.
    made: (answer) => {
      const amount = at(answer, 'data.amount')
      return {
        ...(amount === undefined ? {} : { amount: dollars(Number(amount)) }),
        ...pick(answer, { last4: 'data.last4', programID: 'data.programID' }),
      }
    },
    target: (_scope, answer) => ({
      id: at(answer, 'data.id'),
      label: `•••• ${at(answer, 'data.last4') ?? ''}`,
    }),
  },
  {
    method: 'PATCH',
    path: '/merchant/:merchantID/locations/:locationID',
    kind: 'location.updated',
    type: 'location',
    read: ({ store, params, merchantID }) =>
      flatten(
        store.locations.of(merchantID)?.find((record) => record.id === params.locationID),
        ['id', 'merchantID', 'updatedAt'],
      ),
  },
  {
    method: 'POST',
    path: '/payment-product-enrollment',
    kind: 'enrollment.created',
    type: 'enrollment',
    made: (answer) => pick(answer, { data: 'data.data' }),
    target: (_scope, answer) => ({ id: at(answer, 'data.enrollmentID') }),
  },
  {
    method: 'PATCH',
    path: '/payment-product-enrollment/:enrollmentID',
    kind: 'enrollment.updated',
    type: 'enrollment',
    made: (answer) => pick(answer, { data: 'data.data' }),
  },
  {
    method: 'DELETE',
    path: '/payment-product-enrollment/:enrollmentID',
    kind: 'enrollment.deleted',
    type: 'enrollment',
  },
  {
    method: 'POST',
    path: '/user/password',
    kind: 'password.changed',
    type: 'user',
    target: ({ userID }) => ({ id: userID }),
  },
  {
    method: 'POST',
    path: '/targeting-exports',
    kind: 'export.requested',
    type: 'targeting_export',
    made: (answer) => pick(answer, { programID: 'data.programID', from: 'data.from', to: 'data.to' }),
    target: (_scope, answer) => ({ id: at(answer, 'data.id') }),
  },
]
