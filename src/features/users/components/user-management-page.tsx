import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconUserPlus, IconUsers } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { USER_STATUSES } from '../../../../contract/users'
import type { Merchant } from '../../../api/schemas/merchants'
import type { MerchantUser } from '../../../api/schemas/users'
import { formatNumber } from '../../../i18n/format'
import { supportedLocale } from '../../../i18n/locales'
import { useServices } from '../../../services/services-context'
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

type Dialog = { kind: 'invite' } | { kind: 'access' | 'status'; user: MerchantUser } | null

export function UserManagementPage() {
  const { merchant, abilities, claims } = route.useRouteContext()
  return (
    <UsersView
      merchant={merchant}
      canInvite={abilities.userInvite}
      canEdit={abilities.userEdit}
      currentUserId={claims.uid}
    />
  )
}

function UsersView({
  merchant,
  canInvite,
  canEdit,
  currentUserId,
}: {
  merchant: Merchant
  canInvite: boolean
  canEdit: boolean
  currentUserId: string
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
      <PageHeader
        title={<Trans>User management</Trans>}
        description={<Trans>Who can sign in to {merchant.name}, and what they can do.</Trans>}
        actions={
          canInvite ? (
            <Button
              leftSection={<IconUserPlus size={16} aria-hidden="true" />}
              onClick={() => setDialog({ kind: 'invite' })}
            >
              <Trans>Invite user</Trans>
            </Button>
          ) : null
        }
      />
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
            canEdit,
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

      {dialog?.kind === 'invite' ? (
        <InviteUserModal merchantId={merchant.id} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'access' ? (
        <AccessLevelModal user={dialog.user} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'status' ? (
        <UserStatusModal user={dialog.user} merchantName={merchant.name} onClose={() => setDialog(null)} />
      ) : null}
    </>
  )
}
