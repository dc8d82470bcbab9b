import { schemaResolver } from '@mantine/form'
import type * as v from 'valibot'

/**
 * The errors a form built with useSchemaForm has for these values, shown or not: the first message
 * per dotted field path, worked out by the same resolver the form runs.
 */
export function formErrors(
  schema: v.GenericSchema | v.GenericSchemaAsync,
  values: unknown,
): Record<string, string> {
  const errors = schemaResolver(schema, { sync: true })(values as Record<string, unknown>)
  return errors as Record<string, string>
}
