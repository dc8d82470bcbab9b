import * as v from 'valibot'

export const ErrorBodySchema = v.object({
  error: v.object({
    code: v.string(),
    message: v.string(),
    details: v.optional(v.unknown()),
  }),
})
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>
