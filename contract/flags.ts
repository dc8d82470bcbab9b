import * as v from 'valibot'

/** The only tag the portal evaluates flags for. */
export const FLAG_TAG = 'Merchant_Portal_Frontend'

export const FlagEvaluationContextSchema = v.object({
  /** Empty before sign-in, the token's tenant afterwards. */
  tenantId: v.string(),
})
export type FlagEvaluationContext = v.InferOutput<typeof FlagEvaluationContextSchema>

export const FlagResultSchema = v.object({ result: v.string() })
export type FlagResult = v.InferOutput<typeof FlagResultSchema>

/** Flag names arrive in snake_case; the portal converts them to camelCase. */
export const BulkFlagResultSchema = v.record(v.string(), FlagResultSchema)
export type BulkFlagResult = v.InferOutput<typeof BulkFlagResultSchema>
