import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { type ApiError, isApiError } from '../api/api-error'
import type { LogFn } from '../log/logger'

const transient = new Set(['network', 'timeout'])

function describe(error: ApiError) {
  return {
    kind: error.kind,
    status: error.status,
    method: error.method,
    path: error.path,
    requestId: error.requestId,
  }
}

/**
 * Reads retry once on a transient failure; a refusal or a bad answer is shown at once. Every failed
 * call is logged here, in one place, except those the user cancelled by moving on.
 */
export function createQueryClient(log: LogFn): QueryClient {
  const report = (error: unknown) => {
    if (isApiError(error) && error.kind !== 'aborted') log('error', error.message, describe(error))
  }
  return new QueryClient({
    queryCache: new QueryCache({ onError: report }),
    mutationCache: new MutationCache({ onError: report }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 1 &&
          isApiError(error) &&
          (transient.has(error.kind) || (error.status !== undefined && error.status >= 500)),
        retryDelay: 300,
      },
      mutations: { retry: false },
    },
  })
}
