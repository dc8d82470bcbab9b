import { Hono } from 'hono'
import type * as v from 'valibot'
import {
  type DayHours,
  LOCATION_PAGE_LIMIT,
  LOCATION_STATUSES,
  LocationPageSchema,
  LocationResponseSchema,
  type LocationSchema,
  type LocationStatus,
  LocationUpdateSchema,
  WEEKDAYS,
} from '../../contract/locations'
import type { ApiEnv } from '../api/env'
import { refuseOtherMerchant, requireScope } from '../api/guards'
import { readBody, readPage, sendError, sendValidated } from '../api/http'
import { readStatusFilter } from '../api/status-filter'
import { addressIn, phoneNumber, TOWNS } from '../data/contacts'
import { MERCHANT_IDS } from '../data/ids'
import { perMerchant } from '../data/per-merchant'
import { SCOPES } from '../data/personas'
import type { Random } from '../data/random'
import type { MerchantRecord } from './merchants'
import { defineResource } from './resource'

/*
 * Every merchant's stores, generated from the seed when first asked for: Acme Outdoor has 312 across the
 * West, the others a handful to a few dozen. Listed by store number.
 */

type LocationWire = v.InferInput<typeof LocationSchema>

export interface LocationRecord extends Omit<LocationWire, 'updatedAt'> {
  updatedAt: number
}

export interface LocationsData {
  /** A merchant's stores, generated on first use; undefined for an unknown merchant. */
  of(merchantID: string): LocationRecord[] | undefined
}

export const ACME_LOCATION_COUNT = 312
const COUNTS: Readonly<Record<string, number>> = {
  [MERCHANT_IDS.acme]: ACME_LOCATION_COUNT,
  [MERCHANT_IDS.globex]: 48,
  [MERCHANT_IDS.initech]: 12,
  [MERCHANT_IDS.harbor]: 26,
}
const AREAS = [
  'Downtown',
  'North',
  'South',
  'East',
  'West',
  'Crossing',
  'Commons',
  'Village',
  'Plaza',
  'Station',
  'Market',
  'Heights',
  'Riverside',
  'Gateway',
  'Old Town',
  'Park Meadows',
]
const DAY = 24 * 60 * 60 * 1000

function weekHours(random: Random): DayHours[] {
  const style = random.pick(['mall', 'street', 'street', 'early', 'outlet'] as const)
  const shapes: Record<typeof style, readonly [string, string, string, string]> = {
    mall: ['10:00', '21:00', '11:00', '18:00'],
    street: ['09:00', '20:00', '10:00', '18:00'],
    early: ['07:00', '19:00', '08:00', '17:00'],
    outlet: ['10:00', '20:00', '10:00', '19:00'],
  }
  const [weekdayOpens, weekdayCloses, weekendOpens, weekendCloses] = shapes[style]
  const closedSunday = random.chance(0.12)
  return WEEKDAYS.map((day) => {
    if (day === 'SUN' && closedSunday) return { day, closed: true, opens: null, closes: null }
    const weekend = day === 'SAT' || day === 'SUN'
    return {
      day,
      closed: false,
      opens: weekend ? weekendOpens : weekdayOpens,
      closes: weekend ? weekendCloses : weekdayCloses,
    }
  })
}

export function generateLocations(
  random: Random,
  merchant: MerchantRecord,
  count: number,
  now: number,
): LocationRecord[] {
  // Acme's stores sit in the Mountain West first; every merchant spreads over the towns it has.
  const towns = merchant.id === MERCHANT_IDS.acme ? TOWNS : TOWNS.slice(random.int(0, TOWNS.length - 8))
  const names = new Set<string>()
  return Array.from({ length: count }, (_, index) => {
    const town = towns[index % towns.length] ?? random.pick(TOWNS)
    let name = `${town.city} ${random.pick(AREAS)}`
    for (let attempt = 2; names.has(name); attempt++) name = `${town.city} ${random.pick(AREAS)} ${attempt}`
    names.add(name)
    const roll = random.next()
    const status: LocationStatus = roll < 0.04 ? 'CLOSED' : roll < 0.09 ? 'TEMPORARILY_CLOSED' : 'OPEN'
    return {
      id: random.uuid(),
      merchantID: merchant.id,
      storeNumber: String(index + 1).padStart(4, '0'),
      name,
      address: addressIn(random, town, 0.25),
      phone: phoneNumber(random),
      hours: weekHours(random),
      status,
      updatedAt: now - random.int(1, 400) * DAY,
    }
  })
}

export function locationWire(record: LocationRecord): LocationWire {
  return { ...record, updatedAt: new Date(record.updatedAt).toISOString() }
}

function matches(record: LocationRecord, term: string): boolean {
  const lower = term.toLowerCase()
  const { address } = record
  if (
    record.name.toLowerCase().includes(lower) ||
    record.storeNumber.includes(term) ||
    address.city.toLowerCase().includes(lower) ||
    address.line1.toLowerCase().includes(lower) ||
    address.postalCode.startsWith(term)
  ) {
    return true
  }
  const digits = term.replace(/\D/g, '')
  return digits.length >= 4 && record.phone.includes(digits)
}

export const locations = defineResource({
  key: 'locations',
  generate: ({ random, need }) => {
    const merchants = need('merchants')
    const { now } = need('transactions')
    return {
      of: perMerchant(merchants, random, (merchant, stream) =>
        generateLocations(stream, merchant, COUNTS[merchant.id] ?? stream.int(1, 8), now),
      ),
    } satisfies LocationsData
  },
  routes: ({ store }) =>
    new Hono<ApiEnv>()
      .get('/merchant/:merchantID/locations', requireScope(SCOPES.locationsRead), (c) => {
        const merchantID = c.req.param('merchantID')
        const refused = refuseOtherMerchant(c, merchantID)
        if (refused) return refused
        const records = store().locations.of(merchantID)
        if (!records) return sendError(c, 404, 'not_found', 'No such merchant.')
        const page = readPage(c, { defaultLimit: 25, max: LOCATION_PAGE_LIMIT })
        if (!page.ok) return page.response
        const statuses = readStatusFilter(c, LOCATION_STATUSES)
        if (statuses instanceof Response) return statuses
        const term = (c.req.query('search') ?? '').trim()
        const matching = records.filter(
          (record) =>
            (statuses === null || statuses.includes(record.status)) && (term === '' || matches(record, term)),
        )
        const { offset, limit } = page.value
        return sendValidated(c, LocationPageSchema, {
          data: {
            items: matching.slice(offset, offset + limit).map(locationWire),
            pagination: { offset, limit, total: matching.length },
          },
        })
      })
      .patch(
        '/merchant/:merchantID/locations/:locationID',
        requireScope(SCOPES.merchantUpdate),
        async (c) => {
          const merchantID = c.req.param('merchantID')
          const refused = refuseOtherMerchant(c, merchantID)
          if (refused) return refused
          const record = store()
            .locations.of(merchantID)
            ?.find((candidate) => candidate.id === c.req.param('locationID'))
          if (!record) return sendError(c, 404, 'not_found', 'No such location.')
          const body = await readBody(c, LocationUpdateSchema)
          if (!body.ok) return body.response
          Object.assign(record, body.value, { updatedAt: Date.now() })
          return sendValidated(c, LocationResponseSchema, { data: locationWire(record) })
        },
      ),
})
