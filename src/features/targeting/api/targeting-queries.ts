import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { FINISHED_EXPORT_STATUSES, TARGETING_EXPORT_STATUSES } from '../../../../contract/targeting-exports'
import { apiPath } from '../../../api/api-path'
import type { ApiClient } from '../../../api/client'
import { isKnown } from '../../../api/schemas/common'
import {
  type TargetingExport,
  TargetingExportFileReader,
  type TargetingExportPage,
  TargetingExportPageReader,
  TargetingExportResponseReader,
} from '../../../api/schemas/targeting-exports'
import { useServices } from '../../../services/services-context'
import { asRequestDate, type IsoDate } from '../../../shared/calendar'
import { guardCsv } from '../../../shared/csv'
import { saveTextFile } from '../../../shared/save-file'

/** How often a running export is asked about. */
export const EXPORT_POLL_MS = 1_000
/** Past exports shown per page. */
export const EXPORT_HISTORY_PAGE_SIZE = 10
/** How often the history is refreshed while it lists an export nobody is watching (after a reload). */
export const HISTORY_POLL_MS = 3_000

/** Every key starts with the merchant id, so a merchant switch drops them all. */
export const targetingKeys = {
  all: (merchantId: string) => [merchantId, 'targeting-exports'] as const,
  lists: (merchantId: string) => [...targetingKeys.all(merchantId), 'list'] as const,
  list: (merchantId: string, page: number, pageSize: number) =>
    [...targetingKeys.lists(merchantId), page, pageSize] as const,
  detail: (merchantId: string, id: string) => [...targetingKeys.all(merchantId), 'detail', id] as const,
}

/** A status the portal does not know counts as finished: it is not polled for ever, and offers no file. */
export function isFinished(job: TargetingExport): boolean {
  return !isKnown(TARGETING_EXPORT_STATUSES, job.status) || isKnown(FINISHED_EXPORT_STATUSES, job.status)
}

export function exportHistoryQueryOptions(
  api: ApiClient,
  merchantId: string,
  page: number,
  pageSize: number,
  watchedId: string | null,
) {
  return queryOptions({
    queryKey: targetingKeys.list(merchantId, page, pageSize),
    queryFn: async ({ signal }): Promise<TargetingExportPage> =>
      (
        await api.request(TargetingExportPageReader, '/api/targeting-exports', {
          query: { 'merchantID.eq': merchantId, offset: (page - 1) * pageSize, limit: pageSize },
          signal,
        })
      ).data,
    staleTime: 30_000,
    // The route's loader already asked (and retried once); its failure is shown at once, with Try Again.
    retryOnMount: false,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[0] === merchantId ? keepPreviousData(previous) : undefined,
    // The watched export keeps its own row fresh (see useWatchedExport); any other one still running
    // (say, requested before a reload) is followed by refreshing the list.
    refetchInterval: (query) =>
      query.state.data?.items.some((job) => !isFinished(job) && job.id !== watchedId)
        ? HISTORY_POLL_MS
        : false,
  })
}

/** One export, asked about every second until it is READY or FAILED. */
export function exportQueryOptions(api: ApiClient, merchantId: string, id: string) {
  return queryOptions({
    queryKey: targetingKeys.detail(merchantId, id),
    queryFn: async ({ signal }): Promise<TargetingExport> =>
      (await api.request(TargetingExportResponseReader, apiPath`/api/targeting-exports/${id}`, { signal }))
        .data,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : EXPORT_POLL_MS),
    // A background tab keeps following, so the file is ready when the merchant comes back.
    refetchIntervalInBackground: true,
  })
}

/** Follows one export and keeps its row in the history in step with it, at no extra request. */
export function useWatchedExport(merchantId: string, id: string | null) {
  const { api } = useServices()
  const queryClient = useQueryClient()
  const query = useQuery({ ...exportQueryOptions(api, merchantId, id ?? ''), enabled: id !== null })
  const job = id === null ? undefined : query.data
  useEffect(() => {
    if (!job) return
    queryClient.setQueriesData<TargetingExportPage>({ queryKey: targetingKeys.lists(merchantId) }, (page) =>
      page ? { ...page, items: page.items.map((item) => (item.id === job.id ? job : item)) } : page,
    )
  }, [job, merchantId, queryClient])
  return { job, query }
}

export interface ExportRequest {
  programID: string
  from: IsoDate
  to: IsoDate
}

/** Requests an export. A write: never retried on its own, so one click makes at most one file. */
export function useRequestExport(merchantId: string) {
  const { api } = useServices()
  const queryClient = useQueryClient()
  return useMutation({
    retry: false,
    mutationFn: async (request: ExportRequest): Promise<TargetingExport> =>
      (
        await api.request(TargetingExportResponseReader, '/api/targeting-exports', {
          method: 'POST',
          // Calendar dates go as Dates at midnight UTC, which the client writes as yyyy-MM-dd.
          body: {
            merchantID: merchantId,
            programID: request.programID,
            from: asRequestDate(request.from),
            to: asRequestDate(request.to),
          },
        })
      ).data,
    onSuccess: async (job) => {
      queryClient.setQueryData(targetingKeys.detail(merchantId, job.id), job)
      await queryClient.invalidateQueries({ queryKey: targetingKeys.lists(merchantId) })
    },
  })
}

/**
 * Fetches a READY export's file through the API client (the token goes in a header, never in a URL)
 * and saves it from memory, re-written through the CSV guards. Answers the customers in the file.
 */
export function useDownloadExport() {
  const { api } = useServices()
  return useMutation({
    mutationFn: async (id: string): Promise<{ fileName: string; rowCount: number }> => {
      const file = (
        await api.request(TargetingExportFileReader, apiPath`/api/targeting-exports/${id}/download`)
      ).data
      // The platform's file goes through the portal's own CSV guards: no cell of it can run a formula.
      saveTextFile(guardCsv(file.content), file.fileName, file.contentType)
      return { fileName: file.fileName, rowCount: file.rowCount }
    },
  })
}
