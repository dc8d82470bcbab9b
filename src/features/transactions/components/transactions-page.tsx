import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Stack } from '@mantine/core'
import { IconCircleCheck, IconReceiptOff } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react'
import * as v from 'valibot'
import type { TransactionStatus } from '../../../../contract/transactions'
import type { Abilities } from '../../../access/abilities'
import type { Merchant } from '../../../api/schemas/merchants'
import type { Program } from '../../../api/schemas/programs'
import { useServices } from '../../../services/services-context'
import { zoneName } from '../../../shared/calendar'
import { useMerchantFormat } from '../../../shared/use-merchant-format'
import { DeferredMount } from '../../../ui/deferred-mount'
import { ListEmpty } from '../../../ui/list/list-empty'
import { ListLoadError } from '../../../ui/list/list-load-error'
import { ListProgress } from '../../../ui/list/list-progress'
import { pageRange } from '../../../ui/list/page-range'
import { UnreadableNote } from '../../../ui/list/unreadable-note'
import { PageHeader } from '../../../ui/page-header'
import { usePhone } from '../../../ui/use-phone'
import { findListedTransaction, startListRead, transactionListQueryOptions } from '../api/transaction-queries'
import { LazyBulkBar, WithBulkSelection } from '../bulk/lazy-bulk-bar'
import { selectionScope } from '../bulk/selection'
import { ExportButton } from '../export/export-button'
import { hasFilters, listParamsFromSearch } from '../list-params'
import {
  needsActionSearch,
  programsParam,
  resetSearch,
  type TransactionSearch,
  transactionSearchSchema,
} from '../search'
import { StaleViewNotice } from '../views/stale-view-notice'
import { LazyTransactionDrawer } from './lazy-transaction-drawer'
import { StatusSummary } from './status-summary'
import { type SearchPatch, TransactionFilters } from './transaction-filters'
import { TransactionsList } from './transactions-list'
import classes from './transactions-page.module.css'

const route = getRouteApi('/_authed/_merchant/transactions')

/**
 * `inStore` is the page's in-store area (virtual card issuance), handed in by the route so that this
 * feature does not import another.
 */
export function TransactionsPage({ inStore }: { inStore?: ReactNode }) {
  const { merchant, programs, abilities } = route.useRouteContext()
  return <TransactionsView merchant={merchant} programs={programs} abilities={abilities} inStore={inStore} />
}

function TransactionsView({
  merchant,
  programs,
  abilities,
  inStore,
}: {
  merchant: Merchant
  programs: readonly Program[]
  abilities: Abilities
  inStore: ReactNode
}) {
  const { t, i18n } = useLingui()
  const { api, storage } = useServices()
  const queryClient = useQueryClient()
  const search: TransactionSearch = route.useSearch()
  const navigate = route.useNavigate()
  const format = useMerchantFormat(merchant)
  const phone = usePhone()

  const params = useMemo(() => listParamsFromSearch(search), [search])
  const list = useQuery(transactionListQueryOptions(api, merchant.id, params))
  const programNames = useMemo(
    () => new Map(programs.map((program) => [program.id, program.name])),
    [programs],
  )
  const programIds = useMemo(() => programs.map((program) => program.id), [programs])

  // Changes only with the search (a navigation), as do the filters' other callbacks, so that the
  // filters (an open Status list among them) do not render again when a list's answer arrives.
  const update = useCallback(
    (patch: SearchPatch, options: { replace?: boolean } = {}) => {
      // The rows the change asks for are read from the moment of the click, alongside the navigation
      // (its guards and its render) rather than after it; the page's query then finds the read under way.
      const next = v.safeParse(transactionSearchSchema, { ...search, ...patch })
      if (next.success) startListRead(queryClient, api, merchant.id, next.output)
      void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: options.replace })
    },
    [api, merchant.id, navigate, queryClient, search],
  )

  // The rows render in the background, in slices the browser can interleave with input, rather than in
  // one long task when they arrive (a page of 100 rows takes a phone a few hundred milliseconds). That
  // holds on entering the page too, when they may already be here: the heading, then the filters,
  // paint first, the table a moment later.
  // A page that fails to load leaves the merchant's rows shown before it in place, under the alert
  // that offers Try Again, rather than an empty page.
  const lastLoaded = useRef<{ merchantId: string; data: NonNullable<typeof list.data> } | null>(null)
  if (list.data) lastLoaded.current = { merchantId: merchant.id, data: list.data }
  const kept = list.isError && lastLoaded.current?.merchantId === merchant.id ? lastLoaded.current.data : null
  const page = useDeferredValue(list.data ?? kept, null)
  // Kept rows are the page read before the one that failed: the range and the table's caption describe
  // them, not the page that could not be read.
  const shownPage =
    kept && !list.data ? Math.floor(kept.pagination.offset / params.pageSize) + 1 : params.page
  const range = pageRange({ page: shownPage, pageSize: params.pageSize }, page?.pagination.total ?? 0)
  const { total, pageCount } = range

  // A shared link (or a narrower filter) can point past the last page: show the last one instead.
  useEffect(() => {
    if (page && !list.isPlaceholderData && total > 0 && params.page > pageCount) {
      update({ page: pageCount }, { replace: true })
    }
  }, [page, list.isPlaceholderData, total, params.page, pageCount, update])

  const setPrograms = useCallback(
    (selection: string[]) => {
      const param = programsParam(selection, programIds)
      storage.setProgramSelection(merchant.id, param ?? programIds)
      update({ programs: param, page: 1 })
    },
    [programIds, storage, merchant.id, update],
  )

  const reset = useCallback(() => {
    storage.setProgramSelection(merchant.id, programIds)
    void navigate({ search: resetSearch(search), state: { plainList: true } })
  }, [storage, merchant.id, programIds, navigate, search])

  const selectedStatuses = search.status
  const toggleStatus = useCallback(
    (status: TransactionStatus) => {
      const current = selectedStatuses ?? []
      const next = current.includes(status)
        ? current.filter((value) => value !== status)
        : [...current, status]
      update({ status: next.length > 0 ? next : undefined, page: 1 })
    },
    [selectedStatuses, update],
  )

  const needsActionView = search.needsAction === true
  const toggleNeedsAction = useCallback(
    () => update(needsActionSearch(!needsActionView)),
    [needsActionView, update],
  )

  // The previous rows stay (dimmed) while the next page loads; without any (another merchant) the bar shows alone.
  const busy = list.isFetching && (list.isPlaceholderData || !page)
  const zone = useMemo(() => zoneName(merchant.timeZone, i18n.locale), [merchant.timeZone, i18n.locale])

  return (
    <>
      <PageHeader
        title={<Trans>Transactions</Trans>}
        description={<Trans>Dates and times are in the merchant's time zone: {zone}.</Trans>}
        actions={
          <ExportButton
            merchant={merchant}
            params={params}
            total={page ? total : null}
            programNames={programNames}
          />
        }
      />
      {/* On entering the page the heading paints first and the filters and list follow a moment
          later, rendered in the background: on a phone they double the work before anything shows. */}
      <DeferredMount fallback={null}>
        <Stack gap="md">
          {/* On a phone the rows come first on screen: a payment is checked at the till more often than a
              card is issued. Moved by order, not by place: a dialog open in it survives a resize. */}
          <div className={classes.inStore} data-phone={phone || undefined}>
            {inStore}
          </div>
          <TransactionFilters
            search={search}
            timeZone={merchant.timeZone}
            programs={programs}
            onChange={update}
            onProgramsChange={setPrograms}
            onReset={reset}
            merchantId={merchant.id}
          />
          <StaleViewNotice programNames={programNames} />

          <ListProgress
            busy={busy}
            loading={busy || (list.isPending && !list.isError)}
            loadingText={t`Loading transactions…`}
            range={page && total > 0 ? range : null}
          />

          {list.isError ? (
            <ListLoadError retrying={list.isFetching} onRetry={() => void list.refetch()}>
              <Trans>We could not load these transactions.</Trans>
            </ListLoadError>
          ) : null}

          {page ? (
            <StatusSummary
              summary={page.summary}
              total={total}
              selected={search.status}
              needsAction={page.needsAction}
              needsActionView={needsActionView}
              format={format}
              onToggle={toggleStatus}
              onToggleNeedsAction={toggleNeedsAction}
            />
          ) : null}

          {page && total === 0 && needsActionView ? (
            <ListEmpty
              icon={IconCircleCheck}
              title={<Trans>Nothing needs your action</Trans>}
              action={
                <Button variant="light" onClick={toggleNeedsAction}>
                  <Trans>Show all transactions</Trans>
                </Button>
              }
            />
          ) : null}

          {page && total === 0 && !needsActionView ? (
            <ListEmpty
              icon={IconReceiptOff}
              title={<Trans>No transactions match these filters</Trans>}
              action={
                hasFilters(search) ? (
                  <Button variant="light" onClick={reset}>
                    <Trans>Reset filters</Trans>
                  </Button>
                ) : null
              }
            />
          ) : null}

          <UnreadableNote count={page?.unreadable} />

          {/* The selection lives here, so ticking a row renders the rows and the bar, not the filters. */}
          <WithBulkSelection scope={selectionScope(merchant.id, params)}>
            {(selection) => (
              <>
                {page && total > 0 ? (
                  <TransactionsList
                    items={page.items}
                    search={search}
                    params={params}
                    shownPage={shownPage}
                    pageCount={pageCount}
                    busy={busy}
                    format={format}
                    programNames={programNames}
                    selection={selection}
                    onChange={update}
                  />
                ) : null}
                <LazyBulkBar
                  selection={selection}
                  merchant={merchant}
                  abilities={abilities}
                  format={format}
                  params={params}
                  total={total}
                  programNames={programNames}
                />
              </>
            )}
          </WithBulkSelection>
        </Stack>
      </DeferredMount>

      <LazyTransactionDrawer
        id={search.tx}
        listed={search.tx ? findListedTransaction(page, search.tx) : undefined}
        merchant={merchant}
        programNames={programNames}
        abilities={abilities}
        format={format}
        onClose={() => update({ tx: undefined }, { replace: true })}
      />
    </>
  )
}
