// The value lists the portal's addresses name, without the schemas (see contract/values.ts): what the
// route tree's search schemas import.
export * from '../../../contract/values'
