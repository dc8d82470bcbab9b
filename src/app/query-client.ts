import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { type ApiError, isApiError } from '../api/api-error'
import type { LogFn } from '../log/logger'

const transient = new Set(['network', 'timeout'])

/**
 * The longest Retry-After a read sits out by itself (showing that it is still loading) before it is
 * sent once more; a longer one is shown at once, saying when to try again (src/ui/error-box.tsx).
 */
const LONGEST_AUTOMATIC_WAIT_MS = 10_000
/** The pause before a read is sent again when the server said nothing about waiting. */
const RETRY_DELAY_MS = 300

/**
 * Whether a failed read is worth sending once more: a lost connection, a time-out or a server error
 * may pass, and a refusal for asking too often (429) passes once the wait the server names is over;
 * any other refusal or a bad answer would come again. A server that names a wait longer than we wait
 * by ourselves is not asked again early.
 */
function worthRetrying(error: unknown): boolean {
  if (!isApiError(error)) return false
  if (error.retryAfterMs !== undefined && error.retryAfterMs > LONGEST_AUTOMATIC_WAIT_MS) return false
  if (error.status === 429) return error.retryAfterMs !== undefined
  return transient.has(error.kind) || (error.status !== undefined && error.status >= 500)
}

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
 * Reads retry once on a transient failure, after the wait the server asked for when it named one
 * (Retry-After); a refusal or a bad answer is shown at once. Every failed call is logged here, in one
 * place, except those the user cancelled by moving on.
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
        retry: (failureCount, error) => failureCount < 1 && worthRetrying(error),
        retryDelay: (_failureCount, error) =>
          isApiError(error) && error.retryAfterMs !== undefined ? error.retryAfterMs : RETRY_DELAY_MS,
      },
      mutations: { retry: false },
    },
  })
}
