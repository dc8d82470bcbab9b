import { FlagResultSchema } from '../../../contract/flags'

// The portal reads each flag's result as the contract gives it (the bulk map entry by entry).
export const FlagResultReader = FlagResultSchema
