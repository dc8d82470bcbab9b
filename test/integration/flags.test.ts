// @vitest-environment node
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FLAG_TAG } from '../../contract/flags'
import { createControl, type SandboxControl } from '../../sandbox/control'
import { TENANT_IDS } from '../../sandbox/data/ids'
import { createApiClient } from '../../src/api/client'
import { createQueryClient } from '../../src/app/query-client'
import { evaluateBulk, evaluateFlag, flagsQueryOptions, toCamelCase } from '../../src/flags/flags'
import type { LogFn } from '../../src/log/logger'
import { fileSandbox } from '../support/sandbox'

const sandbox = fileSandbox()
let control: SandboxControl
let logged: { level: string; message: string }[]
const log: LogFn = (level, message) => {
  logged.push({ level, message })
}

beforeAll(async () => {
  control = createControl(sandbox.apiUrl)
})

beforeEach(async () => {
  logged = []
  await control.reset()
})

const api = () => createApiClient({ baseURL: sandbox.apiUrl })
const FLAG = 'is_location_page_enabled'

describe('toCamelCase', () => {
  it.each([
    ['is_location_page_enabled', 'isLocationPageEnabled'],
    ['is-location-page-enabled', 'isLocationPageEnabled'],
    ['isLocationPageEnabled', 'isLocationPageEnabled'],
    ['IsLocationPageEnabled', 'isLocationPageEnabled'],
    ['is_merchant_id_validation_page_enabled', 'isMerchantIdValidationPageEnabled'],
    ['already', 'already'],
    ['IS_LOCATION_PAGE_ENABLED', 'isLocationPageEnabled'],
    ['is location.page--enabled', 'isLocationPageEnabled'],
    ['_is_location_page_enabled_', 'isLocationPageEnabled'],
    ['XMLHttpRequest', 'xmlHttpRequest'],
    ['is2faEnabled', 'is2faEnabled'],
    ['page2Enabled', 'page2Enabled'],
  ])('%s → %s', (name, camel) => {
    expect(toCamelCase(name)).toBe(camel)
  })
})

describe('bulk evaluation', () => {
  it('answers the camelCase map for the tag and tenant', async () => {
    const flags = await evaluateBulk(api(), log, FLAG_TAG, TENANT_IDS.default)
    expect(flags).toMatchObject({ isLocationPageEnabled: 'true', isMerchantIdValidationPageEnabled: 'true' })
    expect(logged).toEqual([])
  })

  it('reads each entry on its own: a non-text or missing result is off, the others stand', async () => {
    await control.addFault({
      method: 'POST',
      path: '/api/featureflag/evaluation/bulk',
      kind: 'status',
      status: 200,
      body: {
        IsLocationPageEnabled: { result: 'true' },
        is_merchant_id_validation_page_enabled: { result: true },
        'is-other-enabled': { result: { on: true } },
        isThirdEnabled: {},
        'kebab-flag': { result: 'false', since: '2026-01-01' },
      },
    })
    const flags = await evaluateBulk(api(), log, FLAG_TAG, TENANT_IDS.default)
    expect(flags).toEqual({ isLocationPageEnabled: 'true', kebabFlag: 'false' })
    expect(logged).toEqual([])
  })

  it('rejects a call without a tag', async () => {
    await expect(evaluateBulk(api(), log, '', TENANT_IDS.default)).rejects.toThrow('Tag name is required')
  })

  it('logs an unknown tag and answers no flags', async () => {
    expect(await evaluateBulk(api(), log, 'Some_Other_Tag', TENANT_IDS.default)).toEqual({})
    expect(logged).toEqual([{ level: 'error', message: 'Feature flag the requested tag was not found' }])
  })

  it('survives a dropped connection with no flags', async () => {
    await control.addFault({ path: '/api/featureflag/evaluation/bulk', kind: 'drop', times: 1 })
    expect(await evaluateBulk(api(), log, FLAG_TAG, TENANT_IDS.default)).toEqual({})
    expect(logged.map((entry) => entry.message)).toEqual(['Feature flag bulk evaluation failed'])
  })
})

describe('single evaluation', () => {
  it.each([
    ['on', { state: 'on' as const, value: 'true' }, 'true', []],
    ['disabled (204)', { state: 'disabled' as const }, 'fallback', [`Feature flag ${FLAG} is disabled`]],
    [
      'no result for the context (400)',
      { state: 'no-result' as const },
      'fallback',
      [`Feature flag ${FLAG} did not return a result with the provided context`],
    ],
    ['missing (404)', { state: 'missing' as const }, 'fallback', [`Feature flag ${FLAG} could not be found`]],
    ['deleted (410)', { state: 'deleted' as const }, 'fallback', [`Feature flag ${FLAG} has been deleted`]],
  ])('%s', async (_name, override, expected, messages) => {
    await control.setFlag(FLAG, override)
    expect(await evaluateFlag(api(), log, FLAG, TENANT_IDS.default, 'fallback')).toBe(expected)
    expect(logged.map((entry) => entry.message)).toEqual(messages)
  })

  it("knows a flag by the platform's name only: the portal's camelCase name is not found (404)", async () => {
    await control.setFlag(FLAG, { state: 'on', value: 'false' })
    expect(await evaluateFlag(api(), log, FLAG, TENANT_IDS.default, 'fallback')).toBe('false')
    expect(await evaluateFlag(api(), log, 'isLocationPageEnabled', TENANT_IDS.default, 'fallback')).toBe(
      'fallback',
    )
    expect(logged.map((entry) => entry.message)).toEqual([
      'Feature flag isLocationPageEnabled could not be found',
    ])
  })

  it('asks for the merchant-ID validation flag by its platform name and keeps it under the camelCase one', async () => {
    await control.clearRequests()
    await control.setFlag('is_merchant_id_validation_page_enabled', { state: 'on', value: 'false' })
    const flags = await createQueryClient(log).fetchQuery(flagsQueryOptions(api(), log, TENANT_IDS.default))
    expect(flags.isMerchantIdValidationPageEnabled).toBe('false')
    const asked = await control.requests({ method: 'POST', path: '/api/featureflag/evaluation/flag/**' })
    expect(asked.map((request) => request.path)).toEqual([
      '/api/featureflag/evaluation/flag/is_merchant_id_validation_page_enabled',
    ])
  })

  it('counts a result that is not text as no result', async () => {
    await control.addFault({
      path: `/api/featureflag/evaluation/flag/${FLAG}`,
      kind: 'status',
      status: 200,
      body: { result: true },
      times: 1,
    })
    expect(await evaluateFlag(api(), log, FLAG, TENANT_IDS.default, 'fallback')).toBe('fallback')
    expect(logged.map((entry) => entry.message)).toEqual([
      `Feature flag ${FLAG} did not return a result with the provided context`,
    ])
  })

  it('falls back on a dropped connection', async () => {
    await control.addFault({ path: `/api/featureflag/evaluation/flag/${FLAG}`, kind: 'drop', times: 1 })
    expect(await evaluateFlag(api(), log, FLAG, TENANT_IDS.default, 'fallback')).toBe('fallback')
    expect(logged.map((entry) => entry.message)).toEqual([`Feature flag ${FLAG} could not be evaluated`])
  })
})

describe("the tenant's flags, read again", () => {
  const bulk = '/api/featureflag/evaluation/bulk'
  const read = (queryClient: ReturnType<typeof createQueryClient>) =>
    queryClient.fetchQuery({
      ...flagsQueryOptions(api(), log, TENANT_IDS.default),
      staleTime: 0,
      retry: false,
    })

  it('keep the flags known when the platform does not answer: going offline closes no page', async () => {
    const queryClient = createQueryClient(log)
    const known = await read(queryClient)
    expect(known.isLocationPageEnabled).toBe('true')

    await control.addFault({ path: bulk, kind: 'drop', times: 1 })
    await expect(read(queryClient)).rejects.toThrow()
    expect(queryClient.getQueryData(flagsQueryOptions(api(), log, TENANT_IDS.default).queryKey)).toEqual(
      known,
    )
    expect(logged).toHaveLength(1)
  })

  it('fall back as the platform says when it answers with a failure, and when nothing was known', async () => {
    const answered = createQueryClient(log)
    await read(answered)
    await control.addFault({ path: bulk, kind: 'status', status: 500, times: 1 })
    expect((await read(answered)).isLocationPageEnabled).toBeUndefined()

    await control.addFault({ path: bulk, kind: 'drop', times: 1 })
    expect((await read(createQueryClient(log))).isLocationPageEnabled).toBeUndefined()
  })
})
