// Fixed ids, so tests, docs and bookmarks can name the well-known records.
export { ZERO_MERCHANT_ID } from '../../contract/auth'

export const TENANT_IDS = {
  default: '10000000-0000-4000-8000-000000000001',
  bank: '10000000-0000-4000-8000-000000000002',
} as const

export const MERCHANT_IDS = {
  acme: '20000000-0000-4000-8000-000000000001',
  globex: '20000000-0000-4000-8000-000000000002',
  initech: '20000000-0000-4000-8000-000000000003',
  harbor: '20000000-0000-4000-8000-000000000004',
} as const

export const USER_IDS = {
  owner: '30000000-0000-4000-8000-000000000001',
  viewer: '30000000-0000-4000-8000-000000000002',
  ops: '30000000-0000-4000-8000-000000000003',
  clinic: '30000000-0000-4000-8000-000000000004',
  harbor: '30000000-0000-4000-8000-000000000005',
  support: '30000000-0000-4000-8000-000000000006',
} as const

/** Programs of the hand-made merchants; Globex Home's 450 are generated. */
export const PROGRAM_IDS = {
  acmeEcomm: '40000000-0000-4000-8000-000000000001',
  acmeInstore: '40000000-0000-4000-8000-000000000002',
  acmeLapsed: '40000000-0000-4000-8000-000000000003',
  acmeScheduled: '40000000-0000-4000-8000-000000000004',
  acmeDeleted: '40000000-0000-4000-8000-000000000005',
  globexEcomm: '40000000-0000-4000-8000-000000000011',
  globexInstore: '40000000-0000-4000-8000-000000000012',
  initechInstore: '40000000-0000-4000-8000-000000000021',
  initechLapsed: '40000000-0000-4000-8000-000000000022',
  harborEcomm: '40000000-0000-4000-8000-000000000031',
  harborInstore: '40000000-0000-4000-8000-000000000032',
} as const

/** Globex Home's participation count: three pages of 200 for the portal to walk through. */
export const GLOBEX_PARTICIPATION_COUNT = 450

export { PORTAL_CLIENT_ID } from '../portal-config'
/** Audience of the identity provider's access tokens, checked by the token exchange. */
export const API_AUDIENCE = 'merchant-portal-api'
export const PASSWORD = 'sandbox'
