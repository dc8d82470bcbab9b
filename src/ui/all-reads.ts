import type { PageQuery } from './page-data'

/**
 * Several reads of the same kind shown as one (one loading, one 'Oops...' box), such as a read per
 * program: their answers once all have come, the first failure, and Try Again for those that failed.
 */
export function allReads<T>(queries: readonly PageQuery<T>[]): PageQuery<T[]> {
  const failed = queries.filter((query) => query.isError)
  const answers = queries.flatMap((query) => (query.data === undefined ? [] : [query.data]))
  return {
    data: answers.length === queries.length ? answers : undefined,
    error: failed[0]?.error,
    isError: failed.length > 0,
    refetch: () => Promise.all(failed.map((query) => query.refetch())),
  }
}
