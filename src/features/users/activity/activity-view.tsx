import { Trans, useLingui } from '@lingui/react/macro'
import { Group, Stack, Text, Title } from '@mantine/core'
import { IconHistory } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useMemo } from 'react'
import { USER_PAGE_LIMIT } from '../../../../contract/users'
import type { Merchant } from '../../../api/schemas/merchants'
import { formatNumber } from '../../../i18n/format'
import { supportedLocale } from '../../../i18n/locales'
import { useServices } from '../../../services/services-context'
import { zoneName } from '../../../shared/calendar'
import { useMerchantFormat } from '../../../shared/use-merchant-format'
import { ListEmpty } from '../../../ui/list/list-empty'
import { ResetFiltersButton } from '../../../ui/list/list-filters'
import { ListView } from '../../../ui/list/list-view'
import { useListCards } from '../../../ui/list/use-list-cards'
import { userListQueryOptions } from '../api/user-queries'
import { ActivityExportButton } from './activity-export-button'
import { ActivityFilters, type ActivityFilterValues } from './activity-filters'
import { activityListQueryOptions } from './activity-queries'
import { ActivityCards, ActivityTable } from './activity-rows'
import { activityListParams, hasActivityFilters } from './activity-search'

const route = getRouteApi('/_authed/_merchant/user-management')

const ALL_USERS = { page: 1, pageSize: USER_PAGE_LIMIT, search: null, status: null }

/** The merchant's activity log: who did what, newest first, filtered by user, kind and dates. */
export function ActivityView({ merchant }: { merchant: Merchant }) {
  const { t, i18n } = useLingui()
  const locale = supportedLocale(i18n.locale)
  const { api } = useServices()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const params = useMemo(() => activityListParams(search), [search])
  const list = useQuery(activityListQueryOptions(api, merchant, params))
  const users = useQuery(userListQueryOptions(api, merchant.id, ALL_USERS))
  const cards = useListCards()
  const filtered = hasActivityFilters(search)
  const actor = users.data?.items.find((user) => user.id === search.actor)
  const actorName = actor ? (actor.name ?? actor.email) : search.actor
  const zone = zoneName(merchant.timeZone, locale)
  const format = useMerchantFormat(merchant)

  const update = (patch: ActivityFilterValues & { page?: number }) =>
    void navigate({ search: (prev) => ({ ...prev, page: 1, ...patch }) })
  const reset = () => void navigate({ search: { view: 'activity' } })

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {actorName ? <Trans>Activity of {actorName}</Trans> : <Trans>Activity</Trans>}
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Newest first. Dates and times are in the merchant's time zone: {zone}.</Trans>
          </Text>
        </Stack>
        <ActivityExportButton
          merchant={merchant}
          params={params}
          disabled={list.data?.pagination.total === 0}
        />
      </Group>
      <ListView
        query={list}
        params={params}
        filters={
          <ActivityFilters
            values={search}
            users={users.data?.items ?? []}
            timeZone={merchant.timeZone}
            filtered={filtered}
            onChange={update}
            onReset={reset}
          />
        }
        loadingText={t`Loading activity…`}
        loadError={<Trans>We could not load the activity.</Trans>}
        empty={
          <ListEmpty
            icon={IconHistory}
            title={
              filtered ? <Trans>No activity matches these filters</Trans> : <Trans>No activity yet</Trans>
            }
            action={filtered ? <ResetFiltersButton variant="light" onClick={reset} /> : null}
          />
        }
        onPageChange={(page) => update({ page })}
      >
        {(entries, { busy, range }) => {
          const rows = { entries, locale, timeZone: merchant.timeZone, format, busy }
          return cards ? (
            <ActivityCards {...rows} />
          ) : (
            <ActivityTable
              {...rows}
              caption={t`Activity, newest first; page ${formatNumber(params.page, locale)} of ${formatNumber(range.pageCount, locale)}`}
            />
          )
        }}
      </ListView>
    </>
  )
}
