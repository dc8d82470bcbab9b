import { Hono } from 'hono'
import type * as v from 'valibot'
import {
  CHANNELS,
  CHECKOUT_MODES,
  type Channel,
  type CheckoutMode,
  PARTICIPATION_PAGE_LIMIT,
  ParticipationPageSchema,
  type ParticipationSchema,
  type ParticipationState,
  ProgramResponseSchema,
  type ProgramSchema,
} from '../../contract/programs'
import type { ApiEnv } from '../api/env'
import { refuseOtherMerchant } from '../api/guards'
import { pageOf, readPage, sendError, sendValidated } from '../api/http'
import { GLOBEX_PARTICIPATION_COUNT, MERCHANT_IDS, PROGRAM_IDS } from '../data/ids'
import type { Random } from '../data/random'
import { defineResource } from './resource'

export type ProgramRecord = v.InferInput<typeof ProgramSchema>
export type ParticipationRecord = v.InferInput<typeof ParticipationSchema>

export interface ProgramsData {
  programs: ReadonlyMap<string, ProgramRecord>
  participations: readonly ParticipationRecord[]
}

interface PlannedParticipation {
  program: ProgramRecord
  state: ParticipationState
  deleted?: boolean
}

// Fixed epoch for generated timestamps, so the data does not change with the wall clock.
const EPOCH = Date.UTC(2024, 0, 1)
const DAY = 24 * 60 * 60 * 1000

function program(
  id: string,
  name: string,
  channel: Channel,
  checkoutMode: CheckoutMode,
  displayInterestRateBPS = 0,
): ProgramRecord {
  return { id, name, channel, checkoutMode, displayInterestRateBPS, currency: 'USD' }
}

function namedPlans(): Map<string, PlannedParticipation[]> {
  return new Map([
    [
      MERCHANT_IDS.acme,
      [
        {
          program: program(PROGRAM_IDS.acmeEcomm, 'Acme Online Financing', 'ECOMM', 'Modal', 999),
          state: 'ACTIVE',
        },
        {
          program: program(PROGRAM_IDS.acmeInstore, 'Acme In-Store Card', 'INSTORE', 'VirtualCard'),
          state: 'ACTIVE',
        },
        {
          program: program(PROGRAM_IDS.acmeLapsed, 'Acme 2022 Promotion', 'ECOMM', 'Redirect', 1499),
          state: 'LAPSED',
        },
        {
          program: program(PROGRAM_IDS.acmeScheduled, 'Acme Holiday Plan', 'INSTORE', 'Modal'),
          state: 'SCHEDULED',
        },
        {
          program: program(PROGRAM_IDS.acmeDeleted, 'Acme Retired Plan', 'ECOMM', 'Redirect', 499),
          state: 'ACTIVE',
          deleted: true,
        },
      ],
    ],
    [
      MERCHANT_IDS.initech,
      [
        {
          program: program(PROGRAM_IDS.initechInstore, 'Initech Treatment Plans', 'INSTORE', 'Modal'),
          state: 'ACTIVE',
        },
        {
          program: program(PROGRAM_IDS.initechLapsed, 'Initech 2021 Plans', 'INSTORE', 'Modal'),
          state: 'LAPSED',
        },
      ],
    ],
    [
      MERCHANT_IDS.harbor,
      [
        {
          program: program(PROGRAM_IDS.harborEcomm, 'Harbor Online', 'ECOMM', 'Modal', 1299),
          state: 'ACTIVE',
        },
        {
          program: program(PROGRAM_IDS.harborInstore, 'Harbor In-Store', 'INSTORE', 'VirtualCard'),
          state: 'ACTIVE',
        },
      ],
    ],
  ])
}

function randomProgram(random: Random, name: string): ProgramRecord {
  const channel = random.pick(CHANNELS)
  return program(
    random.uuid(),
    name,
    channel,
    channel === 'INSTORE' ? random.pick(CHECKOUT_MODES) : random.pick(['Redirect', 'Modal'] as const),
    random.chance(0.5) ? random.pick([0, 499, 999, 1999]) : 0,
  )
}

/**
 * Globex Home: 450 participations, so the portal has to walk three pages. Its two live programs sit on
 * the first and the last page; everything else is lapsed, scheduled or deleted history.
 */
function globexPlans(random: Random): PlannedParticipation[] {
  const live = new Map<number, PlannedParticipation>([
    [
      17,
      { program: program(PROGRAM_IDS.globexEcomm, 'Globex Online', 'ECOMM', 'Redirect'), state: 'ACTIVE' },
    ],
    [
      433,
      {
        program: program(PROGRAM_IDS.globexInstore, 'Globex Showroom', 'INSTORE', 'VirtualCard'),
        state: 'ACTIVE',
      },
    ],
  ])
  return Array.from({ length: GLOBEX_PARTICIPATION_COUNT }, (_, index) => {
    const planned = live.get(index)
    if (planned) return planned
    const roll = random.next()
    const state: ParticipationState = roll < 0.5 ? 'LAPSED' : roll < 0.75 ? 'SCHEDULED' : 'ACTIVE'
    return {
      program: randomProgram(random, `Globex Campaign ${index + 1}`),
      state,
      // Any other ACTIVE one is deleted, so only the two above count as live.
      deleted: state === 'ACTIVE' || random.chance(0.1),
    }
  })
}

export const programs = defineResource({
  key: 'programs',
  generate: ({ random, need }) => {
    const plans = namedPlans()
    plans.set(MERCHANT_IDS.globex, globexPlans(random))
    for (const merchant of need('merchants')) {
      if (plans.has(merchant.id)) continue
      plans.set(
        merchant.id,
        Array.from({ length: random.int(1, 3) }, (_, index) => ({
          program: randomProgram(random, `${merchant.name} Plan ${index + 1}`),
          state: random.chance(0.8) ? 'ACTIVE' : 'LAPSED',
        })),
      )
    }

    const programsById = new Map<string, ProgramRecord>()
    const participations: ParticipationRecord[] = []
    for (const [merchantID, planned] of plans) {
      for (const { program: p, state, deleted } of planned) {
        programsById.set(p.id, p)
        participations.push({
          id: random.uuid(),
          programID: p.id,
          merchantID,
          state,
          deletedAt: deleted ? new Date(EPOCH + random.int(0, 365) * DAY).toISOString() : null,
        })
      }
    }
    return { programs: programsById, participations }
  },
  routes: ({ store }) =>
    new Hono<ApiEnv>()
      .get('/program/:programID', (c) => {
        const found = store().programs.programs.get(c.req.param('programID'))
        if (!found) return sendError(c, 404, 'not_found', 'No such program.')
        return sendValidated(c, ProgramResponseSchema, { data: found })
      })
      .get('/merchant-program-participation', (c) => {
        const merchantID = c.req.query('merchantID.eq')
        const refused = refuseOtherMerchant(c, merchantID)
        if (refused) return refused
        const page = readPage(c, { defaultLimit: PARTICIPATION_PAGE_LIMIT, max: PARTICIPATION_PAGE_LIMIT })
        if (!page.ok) return page.response
        const showArchived = c.req.query('showArchived') === 'true'
        const matching = store().programs.participations.filter(
          (participation) =>
            participation.merchantID === merchantID && (showArchived || participation.deletedAt === null),
        )
        return sendValidated(c, ParticipationPageSchema, pageOf(matching, page.value))
      }),
})

/** Live participations: ACTIVE and not deleted. */
export function liveParticipations(data: ProgramsData, merchantID: string): ParticipationRecord[] {
  return data.participations.filter(
    (participation) =>
      participation.merchantID === merchantID &&
      participation.state === 'ACTIVE' &&
      participation.deletedAt === null,
  )
}
