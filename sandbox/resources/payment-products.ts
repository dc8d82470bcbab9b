import { Hono } from 'hono'
import * as v from 'valibot'
import {
  ConfigurationStateSchema,
  EnrollmentCreateSchema,
  EnrollmentPageSchema,
  EnrollmentPatchSchema,
  EnrollmentResponseSchema,
  MerchantValuesPatchSchema,
  MerchantValuesResponseSchema,
  PaymentProductAggregationSchema,
  PaymentProductConfigurationPageSchema,
  PaymentProductPageSchema,
  type PaymentProductType,
} from '../../contract/payment-products'
import type { ApiContext, ApiEnv } from '../api/env'
import { refuseOtherMerchant, requireScope } from '../api/guards'
import { pageOf, readBody, readPage, sendError, sendValidated } from '../api/http'
import { newRecordId } from '../api/newer-platform'
import { SCOPES } from '../data/personas'
import { findMerchant } from './merchants'
import {
  type EnrollmentRecord,
  generatePaymentProducts,
  type ProductRecord,
  valuesKey,
} from './payment-products-data'
import { defineResource } from './resource'

/*
 * Payment products, their configurations, enrollments and merchant values (payment-products-data.ts
 * generates them), and the routes that read and change them.
 */

export const paymentProducts = defineResource({
  key: 'paymentProducts',
  generate: ({ random, need }) => generatePaymentProducts(random, need('programs'), need('merchants')),
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
