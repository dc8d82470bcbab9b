import { Hono } from 'hono'
import type * as v from 'valibot'
import {
  BusinessProfileResponseSchema,
  type BusinessProfileSchema,
  BusinessProfileUpdateSchema,
} from '../../contract/settings'
import type { ApiDeps, ApiEnv } from '../api/env'
import { refuseOtherMerchant, requireScope } from '../api/guards'
import { readBody, sendError, sendValidated } from '../api/http'
import { MERCHANT_IDS } from '../data/ids'
import { SCOPES } from '../data/personas'
import type { Random } from '../data/random'
import type { MerchantRecord } from './merchants'

export type BusinessProfileRecord = v.InferInput<typeof BusinessProfileSchema>

export const SETTINGS_CREATED_AT = '2024-03-04T16:30:00.000Z'

/** A merchant's web-style slug, for generated emails and websites: "Acme Outdoor" → "acmeoutdoor". */
export function slugOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '')
}

const NAMED_PROFILES: Record<string, Omit<BusinessProfileRecord, 'merchantID' | 'timeZone' | 'updatedAt'>> = {
  [MERCHANT_IDS.acme]: {
    legalName: 'Acme Outdoor Supply, LLC',
    displayName: 'Acme Outdoor',
    contactName: 'Olivia Owner',
    supportEmail: 'help@acmeoutdoor.example',
    supportPhone: '+1 303 555 0142',
    website: 'https://acmeoutdoor.example',
    address: {
      line1: '1600 Wynkoop Street',
      line2: 'Suite 200',
      city: 'Denver',
      region: 'CO',
      postalCode: '80202',
      country: 'US',
    },
  },
  [MERCHANT_IDS.globex]: {
    legalName: 'Globex Home Corporation',
    displayName: 'Globex Home',
    contactName: 'Hank Scorpio',
    supportEmail: 'support@globexhome.example',
    supportPhone: '+1 312 555 0199',
    website: 'https://globexhome.example',
    address: {
      line1: '233 South Wacker Drive',
      line2: '',
      city: 'Chicago',
      region: 'IL',
      postalCode: '60606',
      country: 'US',
    },
  },
  [MERCHANT_IDS.initech]: {
    legalName: 'Initech Dental Partners, P.C.',
    displayName: 'Initech Dental',
    contactName: 'Clara Clinic',
    supportEmail: 'billing@initechdental.example',
    supportPhone: '(212) 555-0187',
    website: '',
    address: {
      line1: '350 Fifth Avenue',
      line2: 'Floor 12',
      city: 'New York',
      region: 'NY',
      postalCode: '10118',
      country: 'US',
    },
  },
  [MERCHANT_IDS.harbor]: {
    legalName: 'Harbor Home Store Inc.',
    displayName: 'Harbor Home Store',
    contactName: 'Hana Harbor',
    supportEmail: 'care@harborhome.example',
    supportPhone: '+1 415 555 0123',
    website: 'https://harborhome.example',
    address: {
      line1: '1 Ferry Building',
      line2: '',
      city: 'San Francisco',
      region: 'CA',
      postalCode: '94111',
      country: 'US',
    },
  },
}

const STREETS = ['Main Street', 'Oak Avenue', 'Market Street', 'Elm Street', 'Commerce Drive', 'Pine Road']
const CITIES: readonly { city: string; region: string; zip: string }[] = [
  { city: 'Boise', region: 'ID', zip: '83702' },
  { city: 'Austin', region: 'TX', zip: '78701' },
  { city: 'Portland', region: 'OR', zip: '97204' },
  { city: 'Columbus', region: 'OH', zip: '43215' },
  { city: 'Raleigh', region: 'NC', zip: '27601' },
  { city: 'Madison', region: 'WI', zip: '53703' },
]
const CONTACTS = ['Jordan Lee', 'Sam Rivera', 'Priya Patel', 'Morgan Chen', 'Alex Kim', 'Taylor Brooks']

export function generateProfile(merchant: MerchantRecord, random: Random): BusinessProfileRecord {
  const named = NAMED_PROFILES[merchant.id]
  const slug = slugOf(merchant.name)
  const place = random.pick(CITIES)
  return {
    merchantID: merchant.id,
    timeZone: merchant.timeZone,
    updatedAt: SETTINGS_CREATED_AT,
    ...(named ?? {
      legalName: `${merchant.name} LLC`,
      displayName: merchant.name,
      contactName: random.pick(CONTACTS),
      supportEmail: `support@${slug}.example`,
      supportPhone: `+1 ${random.int(201, 989)} 555 ${String(random.int(100, 199)).padStart(4, '0')}`,
      website: random.chance(0.8) ? `https://${slug}.example` : '',
      address: {
        line1: `${random.int(10, 9999)} ${random.pick(STREETS)}`,
        line2: '',
        city: place.city,
        region: place.region,
        postalCode: place.zip,
        country: 'US',
      },
    }),
  }
}

export function profileRoutes({ store }: ApiDeps) {
  const profiles = () => store().settings.profiles
  return new Hono<ApiEnv>()
    .get('/merchant/:merchantID/business-profile', requireScope(SCOPES.settingsRead), (c) => {
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      const profile = profiles().get(merchantID)
      if (!profile) return sendError(c, 404, 'not_found', 'No such merchant.')
      return sendValidated(c, BusinessProfileResponseSchema, { data: profile })
    })
    .put('/merchant/:merchantID/business-profile', requireScope(SCOPES.settingsUpdate), async (c) => {
      const merchantID = c.req.param('merchantID')
      const refused = refuseOtherMerchant(c, merchantID)
      if (refused) return refused
      const current = profiles().get(merchantID)
      if (!current) return sendError(c, 404, 'not_found', 'No such merchant.')
      const body = await readBody(c, BusinessProfileUpdateSchema)
      if (!body.ok) return body.response
      const updated: BusinessProfileRecord = {
        ...current,
        ...body.value,
        updatedAt: new Date().toISOString(),
      }
      profiles().set(merchantID, updated)
      // The profile's time zone is the merchant's: reports and dates follow it.
      const merchant = store().merchants.find((candidate) => candidate.id === merchantID)
      if (merchant) merchant.timeZone = updated.timeZone
      return sendValidated(c, BusinessProfileResponseSchema, { data: updated })
    })
}
