import type * as v from 'valibot'
import type { TransactionSchema } from '../../contract/transactions'
import { address } from '../data/contacts'
import { createRandom, type Random } from '../data/random'
import { addDays, dateIn } from '../shared/calendar'
import type { Product } from './carts-generate'
import type { TransactionRecord } from './transactions-ledger'

/*
 * A transaction's order details: line items, billing and shipping addresses and the plan's terms.
 * Made when a detail is read, never with the ledger (Acme's 50 000 would cost their generation several
 * times over), from a stream of the transaction's own: the same transaction always gets the same ones.
 */

type TransactionWire = v.InferInput<typeof TransactionSchema>
type Details = Pick<TransactionWire, 'lineItems' | 'billingAddress' | 'shippingAddress' | 'plan'>

export interface DetailSource {
  /** The ledger's seed: with a transaction's id, it fixes that transaction's details. */
  readonly seed: number
  /** What the merchant sells. */
  readonly catalog: readonly Product[]
  /** Each program's advertised APR in basis points (0 when it advertises none). */
  readonly aprBPS: ReadonlyMap<string, number>
}

const SHIPPING = [5_99, 9_95, 14_99, 24_00]
/** Plans up to this amount are four interest-free payments, the first at checkout. */
const PAY_IN_FOUR_MAX = 250_00
const LONG_PLANS = [6, 12, 18, 24, 36]
const OTHER_APRS = [0, 14_99, 29_99]

function lineItems(random: Random, record: TransactionRecord, source: DetailSource) {
  const items: NonNullable<Details['lineItems']> = []
  let left = record.authorized
  // Online orders often pay for shipping; it is a line without a SKU.
  const shipping =
    record.channel === 'ECOMM' && left > 100_00 && random.chance(0.6) ? random.pick(SHIPPING) : 0
  left -= shipping
  const products = Math.min(random.int(1, 3), Math.max(1, Math.floor(left / 5_00)))
  for (let line = 1; line < products; line++) {
    const quantity = random.int(1, 3)
    const unitPrice = Math.max(1, Math.floor((left * (0.2 + 0.3 * random.next())) / quantity))
    const product = random.pick(source.catalog)
    items.push({ name: product.name, sku: product.sku, quantity, unitPrice, total: unitPrice * quantity })
    left -= unitPrice * quantity
  }
  // The last line takes what is left, so the lines add up to the authorized amount exactly.
  const last = random.pick(source.catalog)
  items.push({ name: last.name, sku: last.sku, quantity: 1, unitPrice: left, total: left })
  if (shipping > 0) items.push({ name: 'Shipping', quantity: 1, unitPrice: shipping, total: shipping })
  return items
}

function plan(random: Random, record: TransactionRecord, source: DetailSource, timeZone: string) {
  const purchased = dateIn(record.createdAt, timeZone)
  if (record.authorized <= PAY_IN_FOUR_MAX) {
    return { numberOfPayments: 4, aprBPS: 0, firstPaymentDate: purchased }
  }
  const numberOfPayments = random.pick(LONG_PLANS)
  const advertised = source.aprBPS.get(record.programID) ?? 0
  const aprBPS = numberOfPayments <= 12 && random.chance(0.3) ? 0 : advertised || random.pick(OTHER_APRS)
  return { numberOfPayments, aprBPS, firstPaymentDate: addDays(purchased, 30) }
}

/** The order details of one transaction; the same every time it is asked for. */
export function transactionDetails(
  record: TransactionRecord,
  source: DetailSource,
  timeZone: string,
): Details {
  const random = createRandom(source.seed).fork(`details:${record.id}`)
  const items = lineItems(random, record, source)
  const billing = address(random)
  // Most parcels go where the card is billed; some to another town (a gift, an office).
  const shipping = record.channel !== 'ECOMM' ? undefined : random.chance(0.8) ? billing : address(random)
  return {
    lineItems: items,
    billingAddress: billing,
    ...(shipping ? { shippingAddress: shipping } : {}),
    plan: plan(random, record, source, timeZone),
  }
}
