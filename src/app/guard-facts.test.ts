import { QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MERCHANT_IDS, PROGRAM_IDS } from '../../sandbox/data/ids'
import { signedInContext } from '../../test/support/app-context'
import { fileSandbox } from '../../test/support/sandbox'
import { transactionListQueryOptions } from '../features/transactions/api/transaction-queries'
import { listParamsFromSearch } from '../features/transactions/list-params'
import { transactionSearchSchema } from '../features/transactions/search'
import { flagsQueryOptions } from '../flags/flags'
import { merchantQueryOptions, tenantQueryOptions } from '../merchant/merchant-queries'
import { participationsQueryOptions } from '../programs/participations'
import { programQueryOptions } from '../programs/programs'
import { rerunGuardsWhenFactsChange } from './guard-facts'

const sandbox = fileSandbox()

afterEach(async () => {
  await sandbox.control.reset()
})

describe('the facts the guards decide on', () => {
  it("are the merchant guard's reads, and not a page's", async () => {
    const { services } = await signedInContext(sandbox, { as: 'owner@acme.test' })
    const { api, log } = services
    const acme = MERCHANT_IDS.acme
    const list = transactionListQueryOptions(
      api,
      acme,
      listParamsFromSearch(v.parse(transactionSearchSchema, {})),
    )
    const facts = [
      flagsQueryOptions(api, log, 'tenant'),
      tenantQueryOptions(api, 'tenant'),
      merchantQueryOptions(api, acme),
      participationsQueryOptions(api, acme),
      programQueryOptions(api, acme, PROGRAM_IDS.acmeEcomm),
    ]
    for (const { queryKey } of [list, ...facts]) {
      const queryClient = new QueryClient()
      const rerun = vi.fn()
      const stop = rerunGuardsWhenFactsChange(queryClient, rerun)
      for (const answer of ['first', 'changed'])
        await queryClient.fetchQuery({ queryKey, queryFn: () => answer, staleTime: 0 })
      await new Promise((resolve) => setTimeout(resolve, 5))
      expect(rerun, JSON.stringify(queryKey)).toHaveBeenCalledTimes(queryKey === list.queryKey ? 0 : 1)
      stop()
    }
  })
})

describe('rerunGuardsWhenFactsChange', () => {
  /** A query client whose "platform" answers what `answers` holds at the time. */
  function setUp() {
    const queryClient = new QueryClient()
    const rerun = vi.fn()
    const stop = rerunGuardsWhenFactsChange(queryClient, rerun)
    const answers = new Map<string, unknown>()
    const read = (key: readonly string[]) =>
      queryClient.fetchQuery({ queryKey: key, queryFn: () => answers.get(key.join(' ')), staleTime: 0 })
    const settle = () => new Promise((resolve) => setTimeout(resolve, 5))
    return { queryClient, rerun, stop, answers, read, settle }
  }

  it('runs the guards once when read facts come back changed, however many changed', async () => {
    const { rerun, stop, answers, read, settle } = setUp()
    answers.set('flags tag tenant', { locations: 'true' })
    answers.set('m1 merchant', { id: 'm1', name: 'Acme' })
    await read(['flags', 'tag', 'tenant'])
    await read(['m1', 'merchant'])
    await settle()
    expect(rerun).not.toHaveBeenCalled()

    // The same answers, dates included: nothing to decide again.
    answers.set('m1 participations', [{ programID: 'p1', deletedAt: new Date(0) }])
    await read(['m1', 'participations'])
    answers.set('m1 participations', [{ programID: 'p1', deletedAt: new Date(0) }])
    await read(['m1', 'participations'])
    await read(['flags', 'tag', 'tenant'])
    await read(['m1', 'merchant'])
    await settle()
    expect(rerun).not.toHaveBeenCalled()

    answers.set('flags tag tenant', { locations: 'false' })
    answers.set('m1 merchant', { id: 'm1', name: 'Acme Outdoor' })
    await Promise.all([read(['flags', 'tag', 'tenant']), read(['m1', 'merchant'])])
    await settle()
    expect(rerun).toHaveBeenCalledTimes(1)
    stop()
  })

  it("leaves alone the portal's own writes to the cache and a page's reads", async () => {
    const { queryClient, rerun, stop, answers, read, settle } = setUp()
    answers.set('m1 merchant', { id: 'm1', name: 'Acme' })
    await read(['m1', 'merchant'])
    queryClient.setQueryData(['m1', 'merchant'], { id: 'm1', name: 'Renamed here' })
    answers.set('m1 transactions', { items: [1] })
    await read(['m1', 'transactions'])
    answers.set('m1 transactions', { items: [2] })
    await read(['m1', 'transactions'])
    await settle()
    expect(rerun).not.toHaveBeenCalled()
    stop()
  })
})
