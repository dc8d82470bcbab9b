import * as v from 'valibot'

export const LOG_LEVELS = ['error', 'warn', 'info'] as const
export const LogLevelSchema = v.picklist(LOG_LEVELS)
export type LogLevel = v.InferOutput<typeof LogLevelSchema>

export const LogEntrySchema = v.object({
  level: LogLevelSchema,
  message: v.string(),
  context: v.optional(v.unknown()),
})
export type LogEntry = v.InferOutput<typeof LogEntrySchema>

export const LogResponseSchema = v.object({ data: v.object({ accepted: v.boolean() }) })
