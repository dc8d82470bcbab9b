import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import type { ConfigurationState, PaymentProductType } from '../../../../contract/payment-products'
import { apiPath } from '../../../api/api-path'
import type { ApiClient } from '../../../api/client'
import {
  ENROLLMENT_TYPE_KEY,
  type Enrollment,
  EnrollmentPageReader,
  type PaymentProduct,
  type PaymentProductAggregate,
  PaymentProductAggregationReader,
  type PaymentProductConfiguration,
  PaymentProductConfigurationPageReader,
  PaymentProductPageReader,
} from '../../../api/schemas/payment-products'
import { useServices } from '../../../services/services-context'
import { settingsKeys } from '../settings-keys'
import type { ConfigurationFilter } from './search'

const PAGE_LIMIT = 50

/**
 * Walks every page of a paged list, `PAGE_LIMIT` at a time: up to the total the answers give, or, where
 * an answer gives none (spec section 7 shows the configurations as data.items alone), until a page
 * is not full. An unreadable item counts as sent, so the next page starts after it.
 */
async function allPages<T>(
  fetchPage: (
    offset: number,
  ) => Promise<{ items: T[]; unreadable: number; pagination?: { total: number } | undefined }>,
): Promise<T[]> {
  const items: T[] = []
  let offset = 0
  for (;;) {
    const page = await fetchPage(offset)
    items.push(...page.items)
    const sent = page.items.length + page.unreadable
    offset += sent
    if (sent === 0) return items
    if (page.pagination ? offset >= page.pagination.total : sent !== PAGE_LIMIT) return items
  }
}

export interface ProgramProducts {
  products: PaymentProduct[]
  aggregation: PaymentProductAggregate[]
  configurations: PaymentProductConfiguration[]
}

export function programProductsQueryOptions(
  api: ApiClient,
  merchantId: string,
  programId: string,
  filter: ConfigurationFilter,
) {
  const state: ConfigurationState | undefined = filter === 'ALL' ? undefined : filter
  return queryOptions({
    queryKey: [...settingsKeys.paymentProducts(merchantId, programId), 'products', filter] as const,
    queryFn: async ({ signal }): Promise<ProgramProducts> => {
      const [products, aggregation, configurations] = await Promise.all([
        allPages(
          async (offset) =>
            (
              await api.request(
                PaymentProductPageReader,
                apiPath`/api/program/${programId}/payment-product`,
                {
                  query: { limit: PAGE_LIMIT, offset },
                  signal,
                },
              )
            ).data,
        ),
        api.request(
          PaymentProductAggregationReader,
          apiPath`/api/program/${programId}/payment-product/aggregation`,
          {
            query: { 'merchantID.eq': merchantId },
            signal,
          },
        ),
        allPages(
          async (offset) =>
            (
              await api.request(
                PaymentProductConfigurationPageReader,
                apiPath`/api/program/${programId}/payment-product-configuration`,
                { query: { 'merchantID.eq': merchantId, state, limit: PAGE_LIMIT, offset }, signal },
              )
            ).data,
        ),
      ])
      return {
        products,
        aggregation: aggregation.data.items,
        // Asked for by state, a configuration is in that state when it does not say.
        configurations: configurations.map((configuration) => ({
          ...configuration,
          state: configuration.state ?? state,
        })),
      }
    },
  })
}

export function enrollmentsQueryOptions(api: ApiClient, merchantId: string, programId: string) {
  return queryOptions({
    queryKey: [...settingsKeys.paymentProducts(merchantId, programId), 'enrollments'] as const,
    queryFn: ({ signal }): Promise<Enrollment[]> =>
      allPages(
        async (offset) =>
          (
            await api.request(EnrollmentPageReader, '/api/payment-product-enrollment', {
              query: { 'merchantID.eq': merchantId, 'programID.eq': programId, limit: PAGE_LIMIT, offset },
              signal,
            })
          ).data,
      ),
  })
}

/** The parts of an enrollment's free-form data the portal manages. */
export const ENROLLMENT_TERMS_VERSION = '2024-01'

export function offeredAtCheckout(enrollment: Enrollment): boolean {
  const value = enrollment.data.offeredAtCheckout
  return typeof value === 'boolean' ? value : true
}

export type EnrollmentChange =
  | { kind: 'create'; type: PaymentProductType }
  | { kind: 'offer'; enrollment: Enrollment; offered: boolean }
  | { kind: 'remove'; enrollment: Enrollment }

/** Creates, changes or removes one enrollment of a program, then reloads that program's enrollments. */
export function useEnrollmentChange(merchantId: string, programId: string) {
  const { api } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    // The enrollments are read again afterwards, so any success answer counts as done (an empty one too).
    mutationFn: async (change: EnrollmentChange): Promise<void> => {
      switch (change.kind) {
        case 'create':
          await api.request(v.unknown(), '/api/payment-product-enrollment', {
            method: 'POST',
            body: {
              merchantID: merchantId,
              programID: programId,
              paymentProductType: change.type,
              // The type once more in the data: a platform may hand an enrollment back as its id and
              // data alone (spec section 3).
              data: {
                termsVersion: ENROLLMENT_TERMS_VERSION,
                offeredAtCheckout: true,
                [ENROLLMENT_TYPE_KEY]: change.type,
              },
            },
          })
          return
        case 'offer':
          await api.request(
            v.unknown(),
            apiPath`/api/payment-product-enrollment/${change.enrollment.enrollmentID}`,
            { method: 'PATCH', body: { data: { offeredAtCheckout: change.offered } } },
          )
          return
        case 'remove':
          await api.request(
            v.unknown(),
            apiPath`/api/payment-product-enrollment/${change.enrollment.enrollmentID}`,
            { method: 'DELETE' },
          )
          return
      }
    },
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: enrollmentsQueryOptions(api, merchantId, programId).queryKey,
      }),
  })
}
