import type * as v from 'valibot'
import { ErrorBodySchema } from '../../../contract/error'

// The portal reads error bodies as the contract gives them.
export const ErrorBodyReader = ErrorBodySchema
export type ErrorBody = v.InferOutput<typeof ErrorBodyReader>
