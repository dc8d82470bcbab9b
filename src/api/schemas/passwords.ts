import type * as v from 'valibot'
import { ActivationTokenInfoResponseSchema, SetPasswordResponseSchema } from '../../../contract/passwords'

// The portal reads these answers as the contract gives them.
export const ActivationTokenInfoResponseReader = ActivationTokenInfoResponseSchema
export type ActivationTokenInfo = v.InferOutput<typeof ActivationTokenInfoResponseReader>['data']

export const SetPasswordResponseReader = SetPasswordResponseSchema
