// The portal reads these shapes as the contract gives them.
export * from '../../../contract/flags'
