import { Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Anchor,
  type AnchorProps,
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
import { IconAlertCircle, IconPlus, IconSearch, IconShoppingCartOff } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { createLink, getRouteApi, Link } from '@tanstack/react-router'
import { type ComponentPropsWithRef, useEffect, useMemo, useRef, useState } from 'react'
import { GATES } from '../../../access/gates'
import { CART_STATUSES, type CartListItem } from '../../../api/schemas/carts'
import type { Merchant } from '../../../api/schemas/merchants'
import { useServices } from '../../../app/services-context'
import { formatNumber } from '../../../i18n/format'
import { PageHeader } from '../../../ui/page-header'
import { cartListQueryOptions } from '../api/cart-queries'
import { type CartFormat, useCartFormat } from '../format'
import { CART_STATUS_LABELS } from '../labels'
import { type CartSearchInput, cartListParams, hasCartFilters } from '../search'
import { CartStatusBadge } from './cart-status-badge'

const route = getRouteApi('/_authed/carts/')

/** Typing waits this long after the last key before the list follows. */
export const CART_SEARCH_DEBOUNCE_MS = 300

function PlainAnchor(props: AnchorProps & ComponentPropsWithRef<'a'>) {
  return <Anchor component="a" {...props} />
}
const AnchorLink = createLink(PlainAnchor)

export function CartsPage() {
  const { merchant, programs, access } = route.useRouteContext()
  if (!merchant) return null
  return (
    <CartsView
      merchant={merchant}
      programNames={new Map(programs.map((program) => [program.id, program.name]))}
      canCreate={GATES.cartCreate.allows(access)}
    />
  )
}

function CartsView({
  merchant,
  programNames,
  canCreate,
}: {
  merchant: Merchant
  programNames: ReadonlyMap<string, string>
  canCreate: boolean
}) {
  const { t, i18n } = useLingui()
  const { api } = useServices()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const format = useCartFormat(merchant)
  // Read at once, so a phone never flashes the wide table first.
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false })
  const params = useMemo(() => cartListParams(search), [search])
  const list = useQuery(cartListQueryOptions(api, merchant.id, params))

  const update = (patch: Partial<CartSearchInput>, replace = false) =>
    navigate({ search: (prev) => ({ ...prev, ...patch }), replace })

  // The box answers every key at once; the URL (and the list) follow once typing pauses.
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
  }, CART_SEARCH_DEBOUNCE_MS)

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
  const first = formatNumber(total === 0 ? 0 : (params.page - 1) * params.pageSize + 1, format.locale)
  const last = formatNumber(Math.min(total, params.page * params.pageSize), format.locale)
  const totalText = formatNumber(total, format.locale)
  const filtered = hasCartFilters(search) || draft !== ''

  return (
    <>
      <PageHeader
        title={<Trans>Carts</Trans>}
        description={
          <Trans>Build a cart for a customer and send them a link to finish checkout with financing.</Trans>
        }
        actions={
          canCreate ? (
            <Button
              component={Link}
              to="/carts/create"
              leftSection={<IconPlus size={16} aria-hidden="true" />}
            >
              <Trans>Create cart</Trans>
            </Button>
          ) : null
        }
      />
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label={t`Filter carts`}>
          <TextInput
            label={t`Search customers`}
            placeholder={t`Name, email, phone or cart reference`}
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
              ...CART_STATUSES.map((status) => ({
                value: status,
                label: i18n._(CART_STATUS_LABELS[status]),
              })),
            ]}
            value={search.status ?? 'ALL'}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
            onChange={(value) => {
              const status = CART_STATUSES.find((candidate) => candidate === value)
              void update({ status, page: 1 })
            }}
          />
          {filtered ? (
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
              ? t`Loading carts…`
              : page && total > 0
                ? t`Showing ${first}–${last} of ${totalText}`
                : ''}
          </Text>
        </Box>

        {list.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            <Group justify="space-between" gap="sm">
              <Text size="sm">
                <Trans>We could not load the carts.</Trans>
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
              <IconShoppingCartOff size={32} aria-hidden="true" />
              {hasCartFilters(search) ? (
                <>
                  <Text fw={600}>
                    <Trans>No carts match these filters</Trans>
                  </Text>
                  <Button variant="light" onClick={reset}>
                    <Trans>Reset filters</Trans>
                  </Button>
                </>
              ) : (
                <>
                  <Text fw={600}>
                    <Trans>No carts yet</Trans>
                  </Text>
                  {canCreate ? (
                    <Button component={Link} to="/carts/create" variant="light">
                      <Trans>Create the first cart</Trans>
                    </Button>
                  ) : null}
                </>
              )}
            </Stack>
          </Paper>
        ) : null}

        {page && total > 0 ? (
          <Paper withBorder radius="md">
            {phone ? (
              <CartCards items={page.items} format={format} busy={busy} />
            ) : (
              <CartsTable
                items={page.items}
                format={format}
                programNames={programNames}
                busy={busy}
                caption={t`Carts, newest first; page ${formatNumber(params.page, format.locale)} of ${formatNumber(pageCount, format.locale)}`}
              />
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
    </>
  )
}

function CartsTable({
  items,
  format,
  programNames,
  busy,
  caption,
}: {
  items: readonly CartListItem[]
  format: CartFormat
  programNames: ReadonlyMap<string, string>
  busy: boolean
  caption: string
}) {
  const { t } = useLingui()
  return (
    // Focusable, so that keyboard users can scroll the table sideways on a narrow screen.
    <Table.ScrollContainer
      minWidth={820}
      type="native"
      pos="relative"
      tabIndex={0}
      role="region"
      aria-label={t`Carts`}
    >
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Cart`}</Table.Th>
            <Table.Th>{t`Customer`}</Table.Th>
            <Table.Th>{t`Status`}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t`Total`}</Table.Th>
            <Table.Th>{t`Program`}</Table.Th>
            <Table.Th>{t`Created`}</Table.Th>
            <Table.Th>{t`Link valid until`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((cart) => (
            <Table.Tr key={cart.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <AnchorLink to="/carts/$cartId" params={{ cartId: cart.id }} ff="monospace" fz="sm">
                  {cart.reference}
                </AnchorLink>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={1}>
                  {cart.customer.name}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {cart.customer.email}
                </Text>
              </Table.Td>
              <Table.Td>
                <CartStatusBadge status={cart.status} />
              </Table.Td>
              <Table.Td
                style={{ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              >
                {format.money(cart.total)}
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {programNames.get(cart.programID) ?? t`Other program`}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(cart.createdAt)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {cart.status === 'COMPLETED' || cart.status === 'EXPIRED' ? (
                  <Text span size="sm" c="dimmed">
                    {t`Closed`}
                  </Text>
                ) : (
                  format.date(cart.expiresAt)
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/** A phone's list: one card per cart with what decides the next step, nothing to scroll sideways. */
function CartCards({
  items,
  format,
  busy,
}: {
  items: readonly CartListItem[]
  format: CartFormat
  busy: boolean
}) {
  const { t } = useLingui()
  return (
    <Stack
      component="ul"
      gap={0}
      p={0}
      m={0}
      aria-label={t`Carts`}
      aria-busy={busy}
      style={{ listStyle: 'none', opacity: busy ? 0.6 : 1 }}
    >
      {items.map((cart) => (
        <Box
          component="li"
          key={cart.id}
          p="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <AnchorLink to="/carts/$cartId" params={{ cartId: cart.id }} ff="monospace" fz="sm" fw={600}>
              {cart.reference}
            </AnchorLink>
            <CartStatusBadge status={cart.status} />
          </Group>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-end" mt={4}>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" truncate>
                {cart.customer.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {format.dateTime(cart.createdAt)}
              </Text>
            </div>
            <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {format.money(cart.total)}
            </Text>
          </Group>
        </Box>
      ))}
    </Stack>
  )
}
