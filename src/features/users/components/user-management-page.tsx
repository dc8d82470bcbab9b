import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Loader, Tabs } from '@mantine/core'
import { IconHistory, IconUserPlus, IconUsers } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { Suspense, useMemo, useState } from 'react'
import type { AccessLevel } from '../../../../contract/users'
import { USER_STATUSES } from '../../../../contract/users'
import { grantableAccessLevels } from '../../../access/access-levels'
import type { Merchant } from '../../../api/schemas/merchants'
import type { MerchantUser } from '../../../api/schemas/users'
import { formatNumber } from '../../../i18n/format'
import { supportedLocale } from '../../../i18n/locales'
import { useServices } from '../../../services/services-context'
import { lazyChunk } from '../../../shared/load-chunk'
import { ListEmpty } from '../../../ui/list/list-empty'
import { ListFilters, ResetFiltersButton } from '../../../ui/list/list-filters'
import { ListSearchField } from '../../../ui/list/list-search-field'
import { ListStatusFilter } from '../../../ui/list/list-status-filter'
import { ListView } from '../../../ui/list/list-view'
import { useListCards } from '../../../ui/list/use-list-cards'
import { useSearchDraft } from '../../../ui/list/use-search-draft'
import { PageHeader } from '../../../ui/page-header'
import { userListQueryOptions, useUserAction } from '../api/user-queries'
import { USER_STATUS_LABELS } from '../labels'
import { type UserSearchInput, userListParams } from '../search'
import { UserActions } from './user-actions'
import { AccessLevelModal, InviteUserModal, UserStatusModal } from './user-dialogs'
import { UserCards, UsersTable } from './user-rows'

const route = getRouteApi('/_authed/_merchant/user-management')

// The activity log (its table, filters, calendar and CSV writer) loads when its tab is first opened.
const ActivityView = lazyChunk(() =>
  import('../activity/activity-view').then((module) => ({ default: module.ActivityView })),
)

type Dialog = { kind: 'access' | 'status'; user: MerchantUser } | null

export function UserManagementPage() {
  const { t } = useLingui()
  const { merchant, abilities, claims, access } = route.useRouteContext()
  const view = route.useSearch({ select: (search) => search.view ?? 'users' })
  const navigate = route.useNavigate()
  const [inviting, setInviting] = useState(false)
  // Nobody grants more than they hold: only the levels whose every scope the user has are offered.
  const grantable = useMemo(() => grantableAccessLevels(access.scopes), [access.scopes])
  return (
    <>
      <PageHeader
        title={<Trans>User management</Trans>}
        description={<Trans>Who can sign in to {merchant.name}, what they can do, and what they did.</Trans>}
        actions={
          abilities.userInvite && view === 'users' && grantable.length > 0 ? (
            <Button
              leftSection={<IconUserPlus size={16} aria-hidden="true" />}
              onClick={() => setInviting(true)}
            >
              <Trans>Invite user</Trans>
            </Button>
          ) : null
        }
      />
      <Tabs
        value={view}
        keepMounted={false}
        onChange={(next) => void navigate({ search: next === 'activity' ? { view: 'activity' } : {} })}
      >
        <Tabs.List mb="md" aria-label={t`User management`}>
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} aria-hidden="true" />}>
            <Trans>Users</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="activity" leftSection={<IconHistory size={16} aria-hidden="true" />}>
            <Trans>Activity</Trans>
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersView
            merchant={merchant}
            canEdit={abilities.userEdit}
            currentUserId={claims.uid}
            grantable={grantable}
          />
        </Tabs.Panel>
        <Tabs.Panel value="activity">
          <Suspense fallback={<Loader size="sm" aria-label={t`Loading activity…`} />}>
            <ActivityView merchant={merchant} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
      {inviting ? (
        <InviteUserModal merchantId={merchant.id} levels={grantable} onClose={() => setInviting(false)} />
      ) : null}
    </>
  )
}

function UsersView({
  merchant,
  canEdit,
  currentUserId,
  grantable,
}: {
  merchant: Merchant
  canEdit: boolean
  currentUserId: string
  grantable: readonly AccessLevel[]
}) {
  const { t, i18n } = useLingui()
  const locale = supportedLocale(i18n.locale)
  const { api, alerts } = useServices()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const params = useMemo(() => userListParams(search), [search])
  const list = useQuery(userListQueryOptions(api, merchant.id, params))
  const resend = useUserAction(merchant.id)
  const [dialog, setDialog] = useState<Dialog>(null)
  const cards = useListCards()
  const actionsFor = (user: MerchantUser) => (
    <UserActions
      user={user}
      editable={canEdit && user.id !== currentUserId}
      onActivity={() => void navigate({ search: { view: 'activity', actor: user.id } })}
      onResend={resendTo}
      onAccess={() => setDialog({ kind: 'access', user })}
      onStatus={() => setDialog({ kind: 'status', user })}
    />
  )

  const update = (patch: Partial<UserSearchInput>, replace = false) =>
    navigate({ search: (prev) => ({ ...prev, ...patch }), replace })
  const draft = useSearchDraft(
    search.search,
    (term, { replace }) => void update({ search: term, page: 1 }, replace),
  )
  const reset = () => {
    draft.discard()
    void navigate({ search: {} })
  }

  const resendTo = (user: MerchantUser) => {
    const email = user.email
    resend.mutate(
      { kind: 'resend', id: user.id },
      {
        onSuccess: () => alerts.show({ status: 'SUCCESS', message: t`Invitation sent again to ${email}.` }),
        onError: (error) =>
          alerts.show({
            status: 'ERROR',
            message: t`The invitation to ${email} was not sent again: ${error.message}`,
          }),
      },
    )
  }

  const filtered = search.search !== undefined || search.status !== undefined

  return (
    <>
      <ListView
        query={list}
        params={params}
        filters={
          <ListFilters label={t`Filter users`} filtered={filtered || draft.value !== ''} onReset={reset}>
            <ListSearchField
              draft={draft}
              label={t`Search users`}
              placeholder={t`Name or email`}
              width={300}
            />
            <ListStatusFilter
              statuses={USER_STATUSES}
              labels={USER_STATUS_LABELS}
              value={search.status}
              width={200}
              onChange={(status) => void update({ status, page: 1 })}
            />
          </ListFilters>
        }
        loadingText={t`Loading users…`}
        loadError={<Trans>We could not load the users.</Trans>}
        empty={
          <ListEmpty
            icon={IconUsers}
            title={filtered ? <Trans>No users match these filters</Trans> : <Trans>No users yet</Trans>}
            action={filtered ? <ResetFiltersButton variant="light" onClick={reset} /> : null}
          />
        }
        onPageChange={(value) => void update({ page: value })}
      >
        {(items, { busy, range }) => {
          const rows = {
            users: items,
            currentUserId,
            locale,
            timeZone: merchant.timeZone,
            busy,
            actions: actionsFor,
          }
          return cards ? (
            <UserCards {...rows} />
          ) : (
            <UsersTable
              {...rows}
              caption={t`Users by name; page ${formatNumber(params.page, locale)} of ${formatNumber(range.pageCount, locale)}`}
            />
          )
        }}
      </ListView>

      {dialog?.kind === 'access' ? (
        <AccessLevelModal user={dialog.user} levels={grantable} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'status' ? (
        <UserStatusModal user={dialog.user} merchantName={merchant.name} onClose={() => setDialog(null)} />
      ) : null}
    </>
  )
}
