import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Table, Text, VisuallyHidden } from '@mantine/core'
import { IconBuildingStore, IconEdit } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { LOCATION_STATUSES, type Weekday } from '../../../../contract/locations'
import type { Location } from '../../../api/schemas/locations'
import type { Merchant } from '../../../api/schemas/merchants'
import { formatNumber } from '../../../i18n/format'
import { type Locale, supportedLocale } from '../../../i18n/locales'
import { useServices } from '../../../services/services-context'
import { displayPhone } from '../../../shared/phone'
import { ListCard, ListCards } from '../../../ui/list/list-cards'
import { ListEmpty } from '../../../ui/list/list-empty'
import { ListFilters, ResetFiltersButton } from '../../../ui/list/list-filters'
import { ListSearchField } from '../../../ui/list/list-search-field'
import { ListStatusBadge } from '../../../ui/list/list-status-badge'
import { ListStatusFilter } from '../../../ui/list/list-status-filter'
import { ListTable } from '../../../ui/list/list-table'
import { ListView } from '../../../ui/list/list-view'
import { useListCards } from '../../../ui/list/use-list-cards'
import { useSearchDraft } from '../../../ui/list/use-search-draft'
import { PageHeader } from '../../../ui/page-header'
import { locationListQueryOptions } from '../api/location-queries'
import { displayTime, hoursOn, weekdayIn } from '../format'
import { LOCATION_STATUS_COLORS, LOCATION_STATUS_LABELS } from '../labels'
import { type LocationSearchInput, locationListParams } from '../search'
import { EditLocationModal } from './edit-location-modal'

const route = getRouteApi('/_authed/_merchant/locations')

export function LocationsPage() {
  const { merchant, abilities } = route.useRouteContext()
  return <LocationsView merchant={merchant} canEdit={abilities.locationEdit} />
}

function LocationsView({ merchant, canEdit }: { merchant: Merchant; canEdit: boolean }) {
  const { t, i18n } = useLingui()
  const locale = supportedLocale(i18n.locale)
  const { api } = useServices()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const params = useMemo(() => locationListParams(search), [search])
  const list = useQuery(locationListQueryOptions(api, merchant.id, params))
  const [editing, setEditing] = useState<Location | null>(null)
  const cards = useListCards()

  const update = (patch: Partial<LocationSearchInput>, replace = false) =>
    navigate({ search: (prev) => ({ ...prev, ...patch }), replace })
  const draft = useSearchDraft(
    search.search,
    (term, { replace }) => void update({ search: term, page: 1 }, replace),
  )
  const reset = () => {
    draft.discard()
    void navigate({ search: {} })
  }

  const today = weekdayIn(merchant.timeZone)
  const filtered = search.search !== undefined || search.status !== undefined
  const onEdit = canEdit ? setEditing : null

  return (
    <>
      <PageHeader
        title={<Trans>Locations</Trans>}
        description={
          <Trans>Your stores as customers see them when they choose where to shop or pick up.</Trans>
        }
      />
      <ListView
        query={list}
        params={params}
        filters={
          <ListFilters label={t`Filter locations`} filtered={filtered || draft.value !== ''} onReset={reset}>
            <ListSearchField
              draft={draft}
              label={t`Search locations`}
              placeholder={t`Name, store number, city, ZIP or phone`}
              width={320}
            />
            <ListStatusFilter
              statuses={LOCATION_STATUSES}
              labels={LOCATION_STATUS_LABELS}
              value={search.status}
              width={220}
              onChange={(status) => void update({ status, page: 1 })}
            />
          </ListFilters>
        }
        loadingText={t`Loading locations…`}
        loadError={<Trans>We could not load the locations.</Trans>}
        empty={
          <ListEmpty
            icon={IconBuildingStore}
            title={
              filtered ? <Trans>No locations match these filters</Trans> : <Trans>No locations yet</Trans>
            }
            action={filtered ? <ResetFiltersButton variant="light" onClick={reset} /> : null}
          />
        }
        onPageChange={(value) => void update({ page: value })}
      >
        {(items, { busy, range }) =>
          cards ? (
            <LocationCards locations={items} today={today} locale={locale} busy={busy} onEdit={onEdit} />
          ) : (
            <LocationsTable
              locations={items}
              today={today}
              locale={locale}
              busy={busy}
              onEdit={onEdit}
              caption={t`Locations by store number; page ${formatNumber(params.page, locale)} of ${formatNumber(range.pageCount, locale)}`}
            />
          )
        }
      </ListView>
      {editing ? <EditLocationModal location={editing} onClose={() => setEditing(null)} /> : null}
    </>
  )
}

function LocationsTable({
  locations,
  today,
  locale,
  busy,
  onEdit,
  caption,
}: {
  locations: readonly Location[]
  today: Weekday
  locale: Locale
  busy: boolean
  onEdit: ((location: Location) => void) | null
  caption: string
}) {
  const { t } = useLingui()
  return (
    <ListTable label={t`Locations`} caption={caption} minWidth={onEdit ? 900 : 820} busy={busy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t`Store`}</Table.Th>
          <Table.Th>{t`Address`}</Table.Th>
          <Table.Th>{t`Phone`}</Table.Th>
          <Table.Th>{t`Hours today`}</Table.Th>
          <Table.Th>{t`Status`}</Table.Th>
          {onEdit ? (
            <Table.Th>
              <VisuallyHidden>{t`Actions`}</VisuallyHidden>
            </Table.Th>
          ) : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {locations.map((location) => (
          <Table.Tr key={location.id}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {location.name}
              </Text>
              <Text size="xs" c="dimmed">
                {t`Store ${location.storeNumber}`}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                {location.address.line1}
                {location.address.line2 ? `, ${location.address.line2}` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {location.address.city}, {location.address.region} {location.address.postalCode}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{displayPhone(location.phone)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <TodayHours location={location} today={today} locale={locale} />
            </Table.Td>
            <Table.Td>
              <ListStatusBadge
                status={location.status}
                colors={LOCATION_STATUS_COLORS}
                labels={LOCATION_STATUS_LABELS}
              />
            </Table.Td>
            {onEdit ? (
              <Table.Td style={{ textAlign: 'right' }}>
                <EditButton location={location} onEdit={onEdit} />
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ListTable>
  )
}

function TodayHours({ location, today, locale }: { location: Location; today: Weekday; locale: Locale }) {
  const hours = hoursOn(location.hours, today)
  if (location.status !== 'OPEN' || !hours) {
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    )
  }
  if (hours.closed || !hours.opens || !hours.closes) return <Trans>Closed today</Trans>
  return <>{`${displayTime(hours.opens, locale)} – ${displayTime(hours.closes, locale)}`}</>
}

/** A phone's list: one card per store with its status, today's hours and the edit control. */
function LocationCards({
  locations,
  today,
  locale,
  busy,
  onEdit,
}: {
  locations: readonly Location[]
  today: Weekday
  locale: Locale
  busy: boolean
  onEdit: ((location: Location) => void) | null
}) {
  const { t } = useLingui()
  return (
    <ListCards label={t`Locations`} busy={busy}>
      {locations.map((location) => (
        <ListCard key={location.id}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {location.name}
              </Text>
              <Text size="xs" c="dimmed">
                {t`Store ${location.storeNumber}`} · {location.address.city}, {location.address.region}
              </Text>
            </div>
            <ListStatusBadge
              status={location.status}
              colors={LOCATION_STATUS_COLORS}
              labels={LOCATION_STATUS_LABELS}
            />
          </Group>
          <Group justify="space-between" wrap="nowrap" align="flex-end" gap="xs" mt={6}>
            <div>
              <Text size="xs">{displayPhone(location.phone)}</Text>
              <Text size="xs" c="dimmed">
                <TodayHours location={location} today={today} locale={locale} />
              </Text>
            </div>
            {onEdit ? <EditButton location={location} onEdit={onEdit} /> : null}
          </Group>
        </ListCard>
      ))}
    </ListCards>
  )
}

function EditButton({ location, onEdit }: { location: Location; onEdit(location: Location): void }) {
  const { t } = useLingui()
  const { name } = location
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconEdit size={14} aria-hidden="true" />}
      aria-label={t`Edit ${name}`}
      onClick={() => onEdit(location)}
    >
      <Trans>Edit</Trans>
    </Button>
  )
}
