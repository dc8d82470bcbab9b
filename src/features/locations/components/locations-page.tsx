import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Group,
  Pagination,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core'
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks'
import { IconAlertCircle, IconBuildingStore, IconEdit, IconSearch } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useEffect, useMemo, useRef, useState } from 'react'
import { SCOPES } from '../../../access/scopes'
import { LOCATION_STATUSES, type Location, type Weekday } from '../../../api/schemas/locations'
import type { Merchant } from '../../../api/schemas/merchants'
import { useServices } from '../../../app/services-context'
import { formatNumber } from '../../../i18n/format'
import { isLocale, type Locale, SOURCE_LOCALE } from '../../../i18n/locales'
import { PageHeader } from '../../../ui/page-header'
import { locationListQueryOptions } from '../api/location-queries'
import { displayPhone, displayTime, hoursOn, weekdayIn } from '../format'
import { LOCATION_STATUS_COLORS, LOCATION_STATUS_LABELS } from '../labels'
import { type LocationSearchInput, locationListParams } from '../search'
import { EditLocationModal } from './edit-location-modal'

const route = getRouteApi('/_authed/locations')

export const LOCATION_SEARCH_DEBOUNCE_MS = 300

export function LocationsPage() {
  const { merchant, access } = route.useRouteContext()
  if (!merchant) return null
  return <LocationsView merchant={merchant} canEdit={access.scopes.has(SCOPES.locations.update)} />
}

function LocationsView({ merchant, canEdit }: { merchant: Merchant; canEdit: boolean }) {
  const { t, i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE
  const { api } = useServices()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const params = useMemo(() => locationListParams(search), [search])
  const list = useQuery(locationListQueryOptions(api, merchant.id, params))
  const [editing, setEditing] = useState<Location | null>(null)
  // Read at once, so a phone never flashes the wide table first.
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false })

  const update = (patch: Partial<LocationSearchInput>, replace = false) =>
    navigate({ search: (prev) => ({ ...prev, ...patch }), replace })

  const [draft, setDraft] = useState(search.search ?? '')
  const sent = useRef(search.search ?? '')
  useEffect(() => {
    const current = search.search ?? ''
    if (current !== sent.current) {
      sent.current = current
      setDraft(current)
    }
  }, [search.search])
  const commitSearch = useDebouncedCallback((value: string) => {
    sent.current = value.trim()
    void update({ search: value.trim() || undefined, page: 1 }, true)
  }, LOCATION_SEARCH_DEBOUNCE_MS)
  const reset = () => {
    commitSearch.cancel()
    sent.current = ''
    setDraft('')
    void navigate({ search: {} })
  }

  const page = list.data
  const total = page?.pagination.total ?? 0
  const pageCount = Math.max(1, Math.ceil(total / params.pageSize))
  const busy = list.isFetching && list.isPlaceholderData
  const first = formatNumber(total === 0 ? 0 : (params.page - 1) * params.pageSize + 1, locale)
  const last = formatNumber(Math.min(total, params.page * params.pageSize), locale)
  const totalText = formatNumber(total, locale)
  const today = weekdayIn(merchant.timeZone)
  const filtered = search.search !== undefined || search.status !== undefined

  return (
    <>
      <PageHeader
        title={<Trans>Locations</Trans>}
        description={
          <Trans>Your stores as customers see them when they choose where to shop or pick up.</Trans>
        }
      />
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label={t`Filter locations`}>
          <TextInput
            label={t`Search locations`}
            placeholder={t`Name, store number, city, ZIP or phone`}
            value={draft}
            inputMode="search"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            rightSection={
              draft ? (
                <CloseButton
                  size="sm"
                  aria-label={t`Clear search`}
                  onClick={() => {
                    setDraft('')
                    commitSearch.cancel()
                    sent.current = ''
                    void update({ search: undefined, page: 1 })
                  }}
                />
              ) : null
            }
            w={{ base: '100%', xs: 320 }}
            onChange={(event) => {
              setDraft(event.currentTarget.value)
              commitSearch(event.currentTarget.value)
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commitSearch.flush()
            }}
          />
          <Select
            label={t`Status`}
            data={[
              { value: 'ALL', label: t`All statuses` },
              ...LOCATION_STATUSES.map((status) => ({
                value: status,
                label: i18n._(LOCATION_STATUS_LABELS[status]),
              })),
            ]}
            value={search.status ?? 'ALL'}
            allowDeselect={false}
            w={{ base: '100%', xs: 220 }}
            onChange={(value) => {
              const status = LOCATION_STATUSES.find((candidate) => candidate === value)
              void update({ status, page: 1 })
            }}
          />
          {filtered || draft !== '' ? (
            <Button variant="subtle" onClick={reset}>
              <Trans>Reset filters</Trans>
            </Button>
          ) : null}
        </Group>

        <Box pos="relative">
          <Progress
            value={100}
            animated
            size={3}
            radius={0}
            aria-hidden="true"
            style={{ position: 'absolute', insetInline: 0, top: -6, visibility: busy ? 'visible' : 'hidden' }}
          />
          <Text role="status" aria-live="polite" size="sm" c="dimmed" style={{ minHeight: 20 }}>
            {busy || (list.isPending && !list.isError)
              ? t`Loading locations…`
              : page && total > 0
                ? t`Showing ${first}–${last} of ${totalText}`
                : ''}
          </Text>
        </Box>

        {list.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            <Group justify="space-between" gap="sm">
              <Text size="sm">
                <Trans>We could not load the locations.</Trans>
              </Text>
              <Button size="xs" color="red" onClick={() => void list.refetch()} loading={list.isFetching}>
                <Trans>Try again</Trans>
              </Button>
            </Group>
          </Alert>
        ) : null}

        {page && total === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Stack align="center" gap="sm">
              <IconBuildingStore size={32} aria-hidden="true" />
              <Text fw={600}>
                {filtered ? <Trans>No locations match these filters</Trans> : <Trans>No locations yet</Trans>}
              </Text>
              {filtered ? (
                <Button variant="light" onClick={reset}>
                  <Trans>Reset filters</Trans>
                </Button>
              ) : null}
            </Stack>
          </Paper>
        ) : null}

        {page && total > 0 ? (
          <Paper withBorder radius="md">
            {phone ? (
              <LocationCards
                locations={page.items}
                today={today}
                locale={locale}
                busy={busy}
                onEdit={canEdit ? setEditing : null}
              />
            ) : (
              // Focusable, so that keyboard users can scroll the table sideways on a narrow screen.
              <Table.ScrollContainer
                minWidth={canEdit ? 900 : 820}
                type="native"
                pos="relative"
                tabIndex={0}
                role="region"
                aria-label={t`Locations`}
              >
                <Table
                  striped
                  verticalSpacing="sm"
                  aria-busy={busy}
                  style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
                >
                  <caption>
                    <VisuallyHidden>
                      {t`Locations by store number; page ${formatNumber(params.page, locale)} of ${formatNumber(pageCount, locale)}`}
                    </VisuallyHidden>
                  </caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t`Store`}</Table.Th>
                      <Table.Th>{t`Address`}</Table.Th>
                      <Table.Th>{t`Phone`}</Table.Th>
                      <Table.Th>{t`Hours today`}</Table.Th>
                      <Table.Th>{t`Status`}</Table.Th>
                      {canEdit ? (
                        <Table.Th>
                          <VisuallyHidden>{t`Actions`}</VisuallyHidden>
                        </Table.Th>
                      ) : null}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {page.items.map((location) => {
                      const { name } = location
                      return (
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
                            <Badge
                              color={LOCATION_STATUS_COLORS[location.status]}
                              variant="dot"
                              radius="sm"
                              tt="none"
                              style={{ minWidth: 'max-content' }}
                            >
                              {i18n._(LOCATION_STATUS_LABELS[location.status])}
                            </Badge>
                          </Table.Td>
                          {canEdit ? (
                            <Table.Td style={{ textAlign: 'right' }}>
                              <Button
                                size="xs"
                                variant="default"
                                leftSection={<IconEdit size={14} aria-hidden="true" />}
                                aria-label={t`Edit ${name}`}
                                onClick={() => setEditing(location)}
                              >
                                <Trans>Edit</Trans>
                              </Button>
                            </Table.Td>
                          ) : null}
                        </Table.Tr>
                      )
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {pageCount > 1 ? (
              <Group justify="flex-end" p="sm">
                <Pagination
                  total={pageCount}
                  value={Math.min(params.page, pageCount)}
                  onChange={(value) => void update({ page: value })}
                  siblings={1}
                  boundaries={1}
                  size="sm"
                  getControlProps={(control) => {
                    if (control === 'previous') return { 'aria-label': t`Previous page` }
                    if (control === 'next') return { 'aria-label': t`Next page` }
                    if (control === 'first') return { 'aria-label': t`First page` }
                    return { 'aria-label': t`Last page` }
                  }}
                  getItemProps={(value) => ({ 'aria-label': t`Page ${value}` })}
                />
              </Group>
            ) : null}
          </Paper>
        ) : null}
      </Stack>
      {editing ? <EditLocationModal location={editing} onClose={() => setEditing(null)} /> : null}
    </>
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
  const { t, i18n } = useLingui()
  return (
    <Stack
      component="ul"
      gap={0}
      p={0}
      m={0}
      aria-label={t`Locations`}
      aria-busy={busy}
      style={{ listStyle: 'none', opacity: busy ? 0.6 : 1 }}
    >
      {locations.map((location) => {
        const { name } = location
        return (
          <Box
            component="li"
            key={location.id}
            p="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {location.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t`Store ${location.storeNumber}`} · {location.address.city}, {location.address.region}
                </Text>
              </div>
              <Badge
                color={LOCATION_STATUS_COLORS[location.status]}
                variant="dot"
                radius="sm"
                tt="none"
                style={{ minWidth: 'max-content' }}
              >
                {i18n._(LOCATION_STATUS_LABELS[location.status])}
              </Badge>
            </Group>
            <Group justify="space-between" wrap="nowrap" align="flex-end" gap="xs" mt={6}>
              <div>
                <Text size="xs">{displayPhone(location.phone)}</Text>
                <Text size="xs" c="dimmed">
                  <TodayHours location={location} today={today} locale={locale} />
                </Text>
              </div>
              {onEdit ? (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconEdit size={14} aria-hidden="true" />}
                  aria-label={t`Edit ${name}`}
                  onClick={() => onEdit(location)}
                >
                  <Trans>Edit</Trans>
                </Button>
              ) : null}
            </Group>
          </Box>
        )
      })}
    </Stack>
  )
}
