import type { Random } from './random'

// Names, streets and towns for generated customers, staff and stores. Plain data, shared by the
// resources that need people or places, so each stays short.

export const FIRST_NAMES = [
  'Olivia Liam Emma Noah Ava Elijah Sophia Mateo Isabella Lucas Mia Levi Amelia Ezra Harper Asher',
  'Evelyn James Luna Leo Camila Aiden Gianna Kai Aria Wei Priya Diego Fatima Hiroshi Nia Omar Sofia',
  'Tariq Yara Zoe Malik Ingrid Rafael Chloe Grace Theo Ruth Samuel Hana Miguel Aisha Jonah Elena',
]
  .join(' ')
  .split(' ')

export const LAST_NAMES = [
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez',
  'Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Nguyen Clark',
  'Patel Kim Okafor Larsen Dubois Rossi Tanaka Cohen Singh Walker Young Allen Wright Rivera Foster',
]
  .join(' ')
  .split(' ')

const STREET_NAMES = [
  'Maple',
  'Oak',
  'Pine',
  'Cedar',
  'Elm',
  'Willow',
  'Aspen',
  'Juniper',
  'Spruce',
  'Birch',
  'Canyon',
  'Ridge',
  'Lake',
  'River',
  'Summit',
  'Meadow',
  'Highland',
  'Prairie',
  'Mesa',
  'Harbor',
  'Sunset',
  'Granite',
  'Colfax',
  'Main',
  'Washington',
  'Lincoln',
  'Jefferson',
  'Madison',
]
const STREET_KINDS = ['St', 'Ave', 'Blvd', 'Rd', 'Dr', 'Ln', 'Way', 'Pkwy', 'Ct']

/** Towns with their state and the first three digits of their ZIP codes. */
export const TOWNS: readonly { city: string; region: string; zip: string }[] = [
  { city: 'Denver', region: 'CO', zip: '802' },
  { city: 'Boulder', region: 'CO', zip: '803' },
  { city: 'Colorado Springs', region: 'CO', zip: '809' },
  { city: 'Fort Collins', region: 'CO', zip: '805' },
  { city: 'Salt Lake City', region: 'UT', zip: '841' },
  { city: 'Provo', region: 'UT', zip: '846' },
  { city: 'Boise', region: 'ID', zip: '837' },
  { city: 'Phoenix', region: 'AZ', zip: '850' },
  { city: 'Tucson', region: 'AZ', zip: '857' },
  { city: 'Flagstaff', region: 'AZ', zip: '860' },
  { city: 'Albuquerque', region: 'NM', zip: '871' },
  { city: 'Santa Fe', region: 'NM', zip: '875' },
  { city: 'Las Vegas', region: 'NV', zip: '891' },
  { city: 'Reno', region: 'NV', zip: '895' },
  { city: 'Cheyenne', region: 'WY', zip: '820' },
  { city: 'Bozeman', region: 'MT', zip: '597' },
  { city: 'Missoula', region: 'MT', zip: '598' },
  { city: 'Seattle', region: 'WA', zip: '981' },
  { city: 'Spokane', region: 'WA', zip: '992' },
  { city: 'Portland', region: 'OR', zip: '972' },
  { city: 'Bend', region: 'OR', zip: '977' },
  { city: 'Sacramento', region: 'CA', zip: '958' },
  { city: 'San Diego', region: 'CA', zip: '921' },
  { city: 'Fresno', region: 'CA', zip: '937' },
  { city: 'Austin', region: 'TX', zip: '787' },
  { city: 'Dallas', region: 'TX', zip: '752' },
  { city: 'El Paso', region: 'TX', zip: '799' },
  { city: 'Omaha', region: 'NE', zip: '681' },
  { city: 'Kansas City', region: 'MO', zip: '641' },
  { city: 'Minneapolis', region: 'MN', zip: '554' },
  { city: 'Madison', region: 'WI', zip: '537' },
  { city: 'Chicago', region: 'IL', zip: '606' },
  { city: 'Nashville', region: 'TN', zip: '372' },
  { city: 'Atlanta', region: 'GA', zip: '303' },
  { city: 'Asheville', region: 'NC', zip: '288' },
  { city: 'Richmond', region: 'VA', zip: '232' },
  { city: 'Burlington', region: 'VT', zip: '054' },
  { city: 'Portland', region: 'ME', zip: '041' },
]

export interface GeneratedAddress {
  line1: string
  line2?: string
  city: string
  region: string
  postalCode: string
}

export function personName(random: Random): { first: string; last: string; name: string } {
  const first = random.pick(FIRST_NAMES)
  const last = random.pick(LAST_NAMES)
  return { first, last, name: `${first} ${last}` }
}

export function streetAddress(random: Random): string {
  return `${random.int(10, 9899)} ${random.pick(STREET_NAMES)} ${random.pick(STREET_KINDS)}`
}

export function addressIn(
  random: Random,
  town: { city: string; region: string; zip: string },
  line2Chance = 0.15,
): GeneratedAddress {
  const line2 = random.chance(line2Chance)
    ? `${random.chance(0.5) ? 'Apt' : 'Unit'} ${random.int(1, 420)}`
    : undefined
  return {
    line1: streetAddress(random),
    ...(line2 ? { line2 } : {}),
    city: town.city,
    region: town.region,
    postalCode: `${town.zip}${String(random.int(1, 99)).padStart(2, '0')}`,
  }
}

export function address(random: Random, line2Chance = 0.15): GeneratedAddress {
  return addressIn(random, random.pick(TOWNS), line2Chance)
}

/** A US number in E.164 with a 555 exchange, so no generated number reaches a real person. */
export function phoneNumber(random: Random): string {
  const area = random.pick(['303', '720', '801', '208', '602', '505', '702', '406', '206', '503', '512'])
  return `+1${area}555${String(random.int(100, 9999)).padStart(4, '0')}`
}
