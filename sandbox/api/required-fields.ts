import type * as v from 'valibot'

/** What an answer keeps: `true` all of a value; an object only the fields it names, each shaped in turn. */
export type Shape = true | { readonly [field: string]: Shape }

function isObjectSchema(schema: v.GenericSchema): schema is v.ObjectSchema<v.ObjectEntries, undefined> {
  return schema.type === 'object' && 'entries' in schema
}

function isArraySchema(schema: v.GenericSchema): schema is v.ArraySchema<v.GenericSchema, undefined> {
  return schema.type === 'array' && 'item' in schema
}

function isWrapper(schema: v.GenericSchema): schema is v.NullableSchema<v.GenericSchema, undefined> {
  return (schema.type === 'nullable' || schema.type === 'optional') && 'wrapped' in schema
}

/**
 * The fields a contract schema requires, as a Shape: an optional field is left out (a platform need not
 * send it), a nullable one kept (null when it has no value, left out by the spec-minimal mode all the
 * same), arrays shaped item by item. Anything else is kept whole.
 */
export function requiredShape(schema: v.GenericSchema): Shape {
  if (isWrapper(schema)) return requiredShape(schema.wrapped)
  if (isArraySchema(schema)) return requiredShape(schema.item)
  if (!isObjectSchema(schema)) return true
  const shape: Record<string, Shape> = {}
  for (const [name, field] of Object.entries(schema.entries)) {
    if (field.type !== 'optional') shape[name] = requiredShape(field)
  }
  return shape
}
