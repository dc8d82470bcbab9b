import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Table, Text } from '@mantine/core'
import { IconPlus, IconShoppingCartOff } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { CART_STATUSES } from '../../../../contract/carts'
import type { CartListItem } from '../../../api/schemas/carts'
import type { Merchant } from '../../../api/schemas/merchants'
import { formatNumber } from '../../../i18n/format'
import { useServices } from '../../../services/services-context'
import { type MerchantFormat, useMerchantFormat } from '../../../shared/use-merchant-format'
import { AnchorLink } from '../../../ui/anchor-link'
import { ListCards, SaleCard } from '../../../ui/list/list-cards'
import { ListEmpty } from '../../../ui/list/list-empty'
import { ListFilters, ResetFiltersButton } from '../../../ui/list/list-filters'
import { ListSearchField } from '../../../ui/list/list-search-field'
import { ListStatusFilter } from '../../../ui/list/list-status-filter'
import { ListTable } from '../../../ui/list/list-table'
import { ListView } from '../../../ui/list/list-view'
import { useListCards } from '../../../ui/list/use-list-cards'
import { useSearchDraft } from '../../../ui/list/use-search-draft'
import { PageHeader } from '../../../ui/page-header'
import { cartListQueryOptions } from '../api/cart-queries'
import { CART_STATUS_LABELS } from '../labels'
import { type CartSearchInput, cartListParams, hasCartFilters } from '../search'
import { CartStatusBadge } from './cart-status-badge'

const route = getRouteApi('/_authed/_merchant/carts/')

export function CartsPage() {
  const { merchant, programs, abilities } = route.useRouteContext()
  return (
    <CartsView
      merchant={merchant}
      programNames={new Map(programs.map((program) => [program.id, program.name]))}
      canCreate={abilities.cartCreate}
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
  const { t } = useLingui()
  const { api } = useServices()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const format = useMerchantFormat(merchant)
  const cards = useListCards()
  const params = useMemo(() => cartListParams(search), [search])
  const list = useQuery(cartListQueryOptions(api, merchant.id, params))

  const update = (patch: Partial<CartSearchInput>, replace = false) =>
    navigate({ search: (prev) => ({ ...prev, ...patch }), replace })
  const draft = useSearchDraft(
    search.search,
    (term, { replace }) => void update({ search: term, page: 1 }, replace),
  )
  const reset = () => {
    draft.discard()
    void navigate({ search: {} })
  }

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
      <ListView
        query={list}
        params={params}
        filters={
          <ListFilters
            label={t`Filter carts`}
            filtered={hasCartFilters(search) || draft.value !== ''}
            onReset={reset}
          >
            <ListSearchField
              draft={draft}
              label={t`Search customers`}
              placeholder={t`Name, email, phone or cart reference`}
              width={320}
            />
            <ListStatusFilter
              statuses={CART_STATUSES}
              labels={CART_STATUS_LABELS}
              value={search.status}
              width={200}
              onChange={(status) => void update({ status, page: 1 })}
            />
          </ListFilters>
        }
        loadingText={t`Loading carts…`}
        loadError={<Trans>We could not load the carts.</Trans>}
        empty={
          hasCartFilters(search) ? (
            <ListEmpty
              icon={IconShoppingCartOff}
              title={<Trans>No carts match these filters</Trans>}
              action={<ResetFiltersButton variant="light" onClick={reset} />}
            />
          ) : (
            <ListEmpty
              icon={IconShoppingCartOff}
              title={<Trans>No carts yet</Trans>}
              action={
                canCreate ? (
                  <Button component={Link} to="/carts/create" variant="light">
                    <Trans>Create the first cart</Trans>
                  </Button>
                ) : null
              }
            />
          )
        }
        onPageChange={(value) => void update({ page: value })}
      >
        {(items, { busy, range }) =>
          cards ? (
            <CartCards items={items} format={format} busy={busy} />
          ) : (
            <CartsTable
              items={items}
              format={format}
              programNames={programNames}
              busy={busy}
              caption={t`Carts, newest first; page ${formatNumber(params.page, format.locale)} of ${formatNumber(range.pageCount, format.locale)}`}
            />
          )
        }
      </ListView>
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
  format: MerchantFormat
  programNames: ReadonlyMap<string, string>
  busy: boolean
  caption: string
}) {
  const { t } = useLingui()
  return (
    <ListTable label={t`Carts`} caption={caption} minWidth={820} busy={busy} highlightOnHover>
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
    </ListTable>
  )
}

/** A phone's list: one card per cart with what decides the next step, nothing to scroll sideways. */
function CartCards({
  items,
  format,
  busy,
}: {
  items: readonly CartListItem[]
  format: MerchantFormat
  busy: boolean
}) {
  const { t } = useLingui()
  return (
    <ListCards label={t`Carts`} busy={busy}>
      {items.map((cart) => (
        <SaleCard
          key={cart.id}
          reference={
            <AnchorLink to="/carts/$cartId" params={{ cartId: cart.id }} ff="monospace" fz="sm" fw={600}>
              {cart.reference}
            </AnchorLink>
          }
          status={<CartStatusBadge status={cart.status} />}
          customer={cart.customer.name}
          time={format.dateTime(cart.createdAt)}
          amount={format.money(cart.total)}
        />
      ))}
    </ListCards>
  )
}
