import { Hono } from 'hono'
import * as v from 'valibot'
import {
  ConfigurationStateSchema,
  EnrollmentCreateSchema,
  EnrollmentPageSchema,
  EnrollmentPatchSchema,
  EnrollmentResponseSchema,
  type EnrollmentSchema,
  MerchantValuesPatchSchema,
  MerchantValuesResponseSchema,
  type MerchantValuesSchema,
  PaymentProductAggregationSchema,
  PaymentProductConfigurationPageSchema,
  type PaymentProductConfigurationSchema,
  PaymentProductPageSchema,
  type PaymentProductSchema,
  type PaymentProductType,
} from '../../contract/payment-products'
import type { ApiContext, ApiEnv } from '../api/env'
import { refuseOtherMerchant, requireScope } from '../api/guards'
import { pageOf, readBody, readPage, sendError, sendValidated } from '../api/http'
import { newRecordId } from '../api/newer-platform'
import { SCOPES } from '../data/personas'
import type { Random } from '../data/random'
import { findMerchant } from './merchants'
import { liveParticipations } from './programs'
import { defineResource } from './resource'

type ProductRecord = v.InferInput<typeof PaymentProductSchema>
type ConfigurationRecord = v.InferInput<typeof PaymentProductConfigurationSchema>
type EnrollmentRecord = v.InferInput<typeof EnrollmentSchema>
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

const valuesKey = (programID: string, merchantID: string) => `${programID}/${merchantID}`

export const paymentProducts = defineResource({
  key: 'paymentProducts',
  generate: ({ random, need }) => {
    const programsData = need('programs')
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
    for (const merchant of need('merchants')) {
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
  },
  routes: ({ store }) => {
    const data = () => store().paymentProducts

    function productsOf(c: ApiContext): readonly ProductRecord[] | undefined {
      const programID = c.req.param('programID') ?? ''
      if (!store().programs.programs.has(programID)) return undefined
      return data().products.get(programID) ?? []
    }

    function ownEnrollment(c: ApiContext): EnrollmentRecord | Response {
      const enrollment = data().enrollments.get(c.req.param('enrollmentID') ?? '')
      if (!enrollment) return sendError(c, 404, 'not_found', 'No such enrollment.')
      return refuseOtherMerchant(c, enrollment.merchantID) ?? enrollment
    }

    return (
      new Hono<ApiEnv>()
        .get('/program/:programID/payment-product', requireScope(SCOPES.paymentProductRead), (c) => {
          const page = readPage(c, { defaultLimit: 50, max: 200 })
          if (!page.ok) return page.response
          const list = productsOf(c)
          if (!list) return sendError(c, 404, 'not_found', 'No such program.')
          const type = c.req.query('type')
          const filtered = type ? list.filter((product) => product.type === type) : list
          return sendValidated(c, PaymentProductPageSchema, pageOf(filtered, page.value))
        })
        .get(
          '/program/:programID/payment-product/aggregation',
          requireScope(SCOPES.paymentProductRead),
          (c) => {
            const list = productsOf(c)
            if (!list) return sendError(c, 404, 'not_found', 'No such program.')
            const programID = c.req.param('programID')
            const merchantID = c.req.query('merchantID.eq')
            const counts = new Map<
              PaymentProductType,
              { productCount: number; activeConfigurationCount: number }
            >()
            for (const product of list) {
              const entry = counts.get(product.type) ?? { productCount: 0, activeConfigurationCount: 0 }
              entry.productCount += 1
              entry.activeConfigurationCount += data().configurations.filter(
                (configuration) =>
                  configuration.paymentProduct.id === product.id &&
                  configuration.state === 'ACTIVE' &&
                  (!merchantID || configuration.merchantID === merchantID),
              ).length
              counts.set(product.type, entry)
            }
            return sendValidated(c, PaymentProductAggregationSchema, {
              data: { programID, items: [...counts].map(([type, entry]) => ({ type, ...entry })) },
            })
          },
        )
        .get(
          '/program/:programID/payment-product-configuration',
          requireScope(SCOPES.paymentProductRead),
          (c) => {
            const merchantID = c.req.query('merchantID.eq')
            const refused = refuseOtherMerchant(c, merchantID)
            if (refused) return refused
            const page = readPage(c, { defaultLimit: 50, max: 200 })
            if (!page.ok) return page.response
            if (!productsOf(c)) return sendError(c, 404, 'not_found', 'No such program.')
            const programID = c.req.param('programID')
            const rawState = c.req.query('state')
            const state = rawState ? v.safeParse(ConfigurationStateSchema, rawState) : undefined
            if (state && !state.success)
              return sendError(c, 400, 'bad_request', 'state must be ACTIVE or INACTIVE.')
            const matching = data().configurations.filter(
              (configuration) =>
                configuration.programID === programID &&
                configuration.merchantID === merchantID &&
                (!state || configuration.state === state.output),
            )
            return sendValidated(c, PaymentProductConfigurationPageSchema, pageOf(matching, page.value))
          },
        )
        .get('/payment-product-enrollment', requireScope(SCOPES.paymentProductRead), (c) => {
          const merchantID = c.req.query('merchantID.eq')
          const refused = refuseOtherMerchant(c, merchantID)
          if (refused) return refused
          const page = readPage(c, { defaultLimit: 50, max: 200 })
          if (!page.ok) return page.response
          const programID = c.req.query('programID.eq')
          const matching = [...data().enrollments.values()].filter(
            (enrollment) =>
              enrollment.merchantID === merchantID && (!programID || enrollment.programID === programID),
          )
          return sendValidated(c, EnrollmentPageSchema, pageOf(matching, page.value))
        })
        .post('/payment-product-enrollment', requireScope(SCOPES.settingsUpdate), async (c) => {
          const body = await readBody(c, EnrollmentCreateSchema)
          if (!body.ok) return body.response
          const refused = refuseOtherMerchant(c, body.value.merchantID)
          if (refused) return refused
          if (!store().programs.programs.has(body.value.programID)) {
            return sendError(c, 404, 'not_found', 'No such program.')
          }
          const now = new Date().toISOString()
          const enrollment: EnrollmentRecord = {
            enrollmentID: newRecordId(c, 'enr'),
            ...body.value,
            createdAt: now,
            updatedAt: now,
          }
          data().enrollments.set(enrollment.enrollmentID, enrollment)
          return sendValidated(c, EnrollmentResponseSchema, { data: enrollment }, 201)
        })
        .patch(
          '/payment-product-enrollment/:enrollmentID',
          requireScope(SCOPES.settingsUpdate),
          async (c) => {
            const found = ownEnrollment(c)
            if (found instanceof Response) return found
            const body = await readBody(c, EnrollmentPatchSchema)
            if (!body.ok) return body.response
            const updated = {
              ...found,
              data: { ...found.data, ...body.value.data },
              updatedAt: new Date().toISOString(),
            }
            data().enrollments.set(updated.enrollmentID, updated)
            return sendValidated(c, EnrollmentResponseSchema, { data: updated })
          },
        )
        .delete('/payment-product-enrollment/:enrollmentID', requireScope(SCOPES.settingsUpdate), (c) => {
          const found = ownEnrollment(c)
          if (found instanceof Response) return found
          data().enrollments.delete(found.enrollmentID)
          return c.body(null, 204)
        })
        // Merchant values are the provider's internal settings: only its staff hold these scopes.
        .get(
          '/program/:programID/merchant/:merchantID/values',
          requireScope(SCOPES.internalSettingsRead),
          (c) => {
            const { programID, merchantID } = c.req.param()
            const refused = refuseOtherMerchant(c, merchantID)
            if (refused) return refused
            const values = data().merchantValues.get(valuesKey(programID, merchantID))
            if (!values) return sendError(c, 404, 'not_found', 'The merchant takes no part in this program.')
            return sendValidated(c, MerchantValuesResponseSchema, { data: values })
          },
        )
        .patch(
          '/program/:programID/merchant/:merchantID/values',
          requireScope(SCOPES.internalSettingsUpdate),
          async (c) => {
            const { programID, merchantID } = c.req.param()
            const refused = refuseOtherMerchant(c, merchantID)
            if (refused) return refused
            const key = valuesKey(programID, merchantID)
            const current = data().merchantValues.get(key)
            if (!current || !findMerchant(store().merchants, merchantID)) {
              return sendError(c, 404, 'not_found', 'The merchant takes no part in this program.')
            }
            const body = await readBody(c, MerchantValuesPatchSchema)
            if (!body.ok) return body.response
            const values = { ...current.values, ...body.value.values }
            const { minimumOrderAmount: min, maximumOrderAmount: max } = values
            if (typeof min === 'number' && typeof max === 'number' && min > max) {
              return sendError(
                c,
                400,
                'validation_failed',
                'The minimum order amount must not exceed the maximum order amount.',
              )
            }
            const updated = {
              ...current,
              values,
              updatedAt: new Date().toISOString(),
            }
            data().merchantValues.set(key, updated)
            return sendValidated(c, MerchantValuesResponseSchema, { data: updated })
          },
        )
    )
  },
})
