import type * as v from 'valibot'
import type { ApiClient, RequestOptions } from './client'
import { writeAnswer } from './schemas/common'

/**
 * Sends a write and gives the entity as it now is. A write whose answer is empty (204), or in a shape
 * `schema` does not read, still counts as done: the entity is then read back from `readPath`.
 */
export async function writeThenRead<S extends v.GenericSchema>(
  api: ApiClient,
  schema: S,
  path: string,
  options: RequestOptions,
  readPath: string = path,
): Promise<v.InferOutput<S>> {
  const answer = await api.request(writeAnswer(schema), path, options)
  if (answer !== undefined) return answer
  return api.request(schema, readPath, { signal: options.signal })
}
