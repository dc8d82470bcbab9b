import type * as v from 'valibot'
import type {
  EnrollmentSchema,
  MerchantValuesSchema,
  PaymentProductConfigurationSchema,
  PaymentProductSchema,
  PaymentProductType,
} from '../../contract/payment-products'
import type { Random } from '../data/random'
import type { MerchantsData } from './merchants'
import { liveParticipations, type ProgramsData } from './programs'

/*
 * The payment products of every program, and each merchant's configurations, enrollments and
 * internal values for its live programs, generated from the seed.
 */

export type ProductRecord = v.InferInput<typeof PaymentProductSchema>
type ConfigurationRecord = v.InferInput<typeof PaymentProductConfigurationSchema>
export type EnrollmentRecord = v.InferInput<typeof EnrollmentSchema>
type MerchantValuesRecord = v.InferInput<typeof MerchantValuesSchema>

export interface PaymentProductsData {
  /** By program id. */
  products: ReadonlyMap<string, readonly ProductRecord[]>
  configurations: readonly ConfigurationRecord[]
  /** Mutable: the enrollment calls change it until the next reset. */
  enrollments: Map<string, EnrollmentRecord>
  /** Mutable, keyed `${programID}/${merchantID}`. */
  merchantValues: Map<string, MerchantValuesRecord>
}

const CREATED_AT = '2024-02-01T15:00:00.000Z'

const PRODUCT_NAMES: Record<PaymentProductType, string> = {
  INSTALLMENTS: 'Installment loan',
  SPLITPAY: 'Pay in 4',
  DEBT_CONSOLIDATION: 'Debt consolidation',
  HYBRID_LINE_OF_CREDIT: 'Hybrid line of credit',
}

function productTypesFor(channel: 'ECOMM' | 'INSTORE', random: Random): PaymentProductType[] {
  const types: PaymentProductType[] =
    channel === 'ECOMM' ? ['INSTALLMENTS', 'SPLITPAY'] : ['INSTALLMENTS', 'HYBRID_LINE_OF_CREDIT']
  if (random.chance(0.2)) types.push('DEBT_CONSOLIDATION')
  return types
}

function attributesFor(type: PaymentProductType, random: Random): ConfigurationRecord['attributes'] {
  const numPayments = type === 'SPLITPAY' ? '4' : random.pick(['6', '12', '24', '36'])
  const rate = type === 'SPLITPAY' ? '0.00' : random.pick(['0.00', '9.99', '14.99', '29.99'])
  return [
    { name: 'TYPE', value: type },
    { name: 'NUMPAYMENTS', value: numPayments },
    { name: 'RATE', value: rate },
  ]
}

export const valuesKey = (programID: string, merchantID: string) => `${programID}/${merchantID}`

/** Every program's products, then what each merchant has of its live programs' ones. */
export function generatePaymentProducts(
  random: Random,
  programsData: ProgramsData,
  merchants: MerchantsData,
): PaymentProductsData {
  const products = new Map<string, ProductRecord[]>()
  for (const p of programsData.programs.values()) {
    products.set(
      p.id,
      productTypesFor(p.channel, random).map((type) => ({
        id: random.uuid(),
        programID: p.id,
        type,
        name: PRODUCT_NAMES[type],
      })),
    )
  }

  const configurations: ConfigurationRecord[] = []
  const enrollments = new Map<string, EnrollmentRecord>()
  const merchantValues = new Map<string, MerchantValuesRecord>()
  for (const merchant of merchants) {
    for (const participation of liveParticipations(programsData, merchant.id)) {
      const programProducts = products.get(participation.programID) ?? []
      programProducts.forEach((product, index) => {
        configurations.push({
          id: random.uuid(),
          programID: participation.programID,
          merchantID: merchant.id,
          // The last product of a program is configured but switched off, so both states exist.
          state: index === programProducts.length - 1 && index > 0 ? 'INACTIVE' : 'ACTIVE',
          paymentProduct: { id: product.id, type: product.type },
          attributes: attributesFor(product.type, random),
        })
      })
      const first = programProducts[0]
      if (first) {
        const enrollmentID = random.uuid()
        enrollments.set(enrollmentID, {
          enrollmentID,
          merchantID: merchant.id,
          programID: participation.programID,
          paymentProductType: first.type,
          data: { termsVersion: '2024-01', enrolledBy: 'sandbox', offeredAtCheckout: true },
          createdAt: CREATED_AT,
          updatedAt: CREATED_AT,
        })
      }
      merchantValues.set(valuesKey(participation.programID, merchant.id), {
        programID: participation.programID,
        merchantID: merchant.id,
        values: {
          displayName: merchant.name,
          merchantCategoryCode: random.pick(['5712', '5941', '8021', '5732']),
          riskTier: random.pick(['LOW', 'STANDARD', 'STANDARD', 'ELEVATED']),
          // Minor units of the program's currency, like every amount on the wire.
          minimumOrderAmount: random.pick([5_000, 10_000, 25_000]),
          maximumOrderAmount: random.pick([500_000, 1_000_000, 2_500_000]),
          showPromotionalMessaging: true,
          manualReviewNote: null,
        },
        updatedAt: CREATED_AT,
      })
    }
  }
  return { products, configurations, enrollments, merchantValues }
}
