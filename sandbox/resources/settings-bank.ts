import { Hono } from 'hono'
import type * as v from 'valibot'
import {
  BankInformationChangedSchema,
  BankInformationResponseSchema,
  type BankInformationSchema,
  BankInformationUpdateSchema,
} from '../../contract/settings'
import type { ApiDeps, ApiEnv } from '../api/env'
import { refuseOtherMerchant, requireFreshSignIn, requireScope } from '../api/guards'
import { readBody, sendError, sendValidated } from '../api/http'
import { SCOPES } from '../data/personas'
import type { Random } from '../data/random'
import type { MerchantRecord } from './merchants'
import { recordMessage } from './outbox'
import { SETTINGS_CREATED_AT } from './settings-profile'
import { portalOrigin } from './users'

export type BankInformationRecord = v.InferInput<typeof BankInformationSchema>

/** Routing numbers the sandbox knows the bank of; every one passes the ABA checksum. */
export const KNOWN_BANKS: Readonly<Record<string, string>> = {
  '021000021': 'JPMorgan Chase Bank',
  '071000013': 'JPMorgan Chase Bank',
  '121000358': 'Bank of America',
  '026009593': 'Bank of America',
  '122105278': 'Wells Fargo Bank',
  '091000019': 'Wells Fargo Bank',
  '061000104': 'Truist Bank',
  '021000089': 'Citibank',
}

const DAY_MS = 24 * 60 * 60 * 1000
/** How long payouts wait for a new account to be verified. */
export const PAYOUT_HOLD_DAYS = 3

export function generateBankInformation(merchant: MerchantRecord, random: Random): BankInformationRecord {
  return {
    merchantID: merchant.id,
    accountHolder: merchant.name,
    routingNumber: random.pick(Object.keys(KNOWN_BANKS)),
    bankName: null,
    accountType: random.chance(0.85) ? 'CHECKING' : 'SAVINGS',
    accountNumberLast4: String(random.int(0, 9999)).padStart(4, '0'),
    status: 'VERIFIED',
    payoutsHeldUntil: null,
    updatedAt: SETTINGS_CREATED_AT,
  }
}

export function withBankName(record: BankInformationRecord): BankInformationRecord {
  return { ...record, bankName: KNOWN_BANKS[record.routingNumber] ?? null }
}

export function bankRoutes(deps: ApiDeps) {
  const { store } = deps
  const data = () => store().settings
  return new Hono<ApiEnv>()
    .get('/merchant/:merchantID/bank-information', requireScope(SCOPES.bankInformationRead), (c) => {
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      const bank = data().bankInformation.get(merchantID)
      if (!bank) return sendError(c, 404, 'not_found', 'No bank account is on file.')
      return sendValidated(c, BankInformationResponseSchema, { data: withBankName(bank) })
    })
    .put(
      '/merchant/:merchantID/bank-information',
      requireScope(SCOPES.bankInformationUpdate),
      requireFreshSignIn(deps),
      async (c) => {
        const merchantID = c.req.param('merchantID')
        const refused = refuseOtherMerchant(c, merchantID)
        if (refused) return refused
        const current = data().bankInformation.get(merchantID)
        if (!current) return sendError(c, 404, 'not_found', 'No bank account is on file.')
        const body = await readBody(c, BankInformationUpdateSchema)
        if (!body.ok) return body.response
        const { accountNumber, ...rest } = body.value
        const now = Date.now()
        const updated: BankInformationRecord = {
          ...current,
          ...rest,
          accountNumberLast4: accountNumber.slice(-4),
          status: 'PENDING_VERIFICATION',
          payoutsHeldUntil: new Date(now + PAYOUT_HOLD_DAYS * DAY_MS).toISOString(),
          updatedAt: new Date(now).toISOString(),
        }
        data().bankInformation.set(merchantID, updated)
        const admins = data().admins.get(merchantID) ?? []
        data().sentNotices.push({
          merchantID,
          event: 'BANK_INFORMATION_CHANGED',
          to: [...admins],
          at: updated.updatedAt,
        })
        const held = updated.payoutsHeldUntil ?? updated.updatedAt
        for (const admin of admins) {
          recordMessage(store().outbox, {
            kind: 'BANK_CHANGE',
            channel: 'EMAIL',
            to: admin,
            subject: 'The payout bank account was changed',
            body: `The account that receives payouts now ends in ${updated.accountNumberLast4}. Payouts are held until ${held} while it is verified. If you did not expect this, tell your provider at once.`,
            link: `${portalOrigin(c)}/bank-information`,
          })
        }
        return sendValidated(c, BankInformationChangedSchema, {
          data: { ...withBankName(updated), notifiedAdminCount: admins.length },
        })
      },
    )
}
