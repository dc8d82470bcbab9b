import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Badge, Button, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core'
import {
  IconDots,
  IconMailForward,
  IconShieldCog,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { type ReactNode, useMemo, useState } from 'react'
import { USER_STATUSES } from '../../../../contract/users'
import { isKnown } from '../../../api/schemas/common'
import type { Merchant } from '../../../api/schemas/merchants'
import type { MerchantUser } from '../../../api/schemas/users'
import { formatDateTime, formatNumber } from '../../../i18n/format'
import { type Locale, supportedLocale } from '../../../i18n/locales'
import { useServices } from '../../../services/services-context'
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
import { userListQueryOptions, useUserAction } from '../api/user-queries'
import { ACCESS_LEVEL_LABELS, USER_STATUS_COLORS, USER_STATUS_LABELS } from '../labels'
import { type UserSearchInput, userListParams } from '../search'
import { AccessLevelModal, InviteUserModal, UserStatusModal } from './user-dialogs'

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

/** What the table and the phone's cards both show. */
interface UserRowsProps {
  users: readonly MerchantUser[]
  currentUserId: string
  canEdit: boolean
  locale: Locale
  timeZone: string
  busy: boolean
  actions(user: MerchantUser): ReactNode
}

function UsersTable({
  users,
  currentUserId,
  canEdit,
  locale,
  timeZone,
  busy,
  actions,
  caption,
}: UserRowsProps & { caption: string }) {
  const { t, i18n } = useLingui()
  return (
    <ListTable label={t`Users`} caption={caption} minWidth={720} busy={busy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t`User`}</Table.Th>
          <Table.Th>{t`Access level`}</Table.Th>
          <Table.Th>{t`Status`}</Table.Th>
          <Table.Th>{t`Last sign-in`}</Table.Th>
          {canEdit ? (
            <Table.Th>
              <VisuallyHidden>{t`Actions`}</VisuallyHidden>
            </Table.Th>
          ) : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => {
          const self = user.id === currentUserId
          return (
            <Table.Tr key={user.id}>
              <Table.Td>
                <UserName user={user} self={self} />
                <Text size="xs" c="dimmed">
                  {user.email}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {i18n._(ACCESS_LEVEL_LABELS[user.accessLevel])}
              </Table.Td>
              <Table.Td>
                <ListStatusBadge
                  status={user.status}
                  colors={USER_STATUS_COLORS}
                  labels={USER_STATUS_LABELS}
                />
                {user.status === 'INVITED' && user.invitedAt ? (
                  <Text size="xs" c="dimmed" mt={2}>
                    {t`Sent ${formatDateTime(user.invitedAt, locale, timeZone)}`}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {user.lastSignInAt ? (
                  formatDateTime(user.lastSignInAt, locale, timeZone)
                ) : (
                  <Text span size="sm" c="dimmed">
                    {t`Never`}
                  </Text>
                )}
              </Table.Td>
              {canEdit ? (
                <Table.Td style={{ textAlign: 'right' }}>{self ? null : actions(user)}</Table.Td>
              ) : null}
            </Table.Tr>
          )
        })}
      </Table.Tbody>
    </ListTable>
  )
}

/** The actions on another user; the signed-in user's own row has none. */
function UserActions({
  user,
  onResend,
  onAccess,
  onStatus,
}: {
  user: MerchantUser
  onResend(user: MerchantUser): void
  onAccess(): void
  onStatus(): void
}) {
  const { t } = useLingui()
  const who = user.name ?? user.email
  // A status the portal does not know offers neither reactivation nor deactivation.
  const statusAction =
    user.status === 'DEACTIVATED' ? 'reactivate' : isKnown(USER_STATUSES, user.status) ? 'deactivate' : null
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={t`Actions for ${who}`}>
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {user.status === 'INVITED' ? (
          <Menu.Item
            leftSection={<IconMailForward size={16} aria-hidden="true" />}
            onClick={() => onResend(user)}
          >
            <Trans>Resend invitation</Trans>
          </Menu.Item>
        ) : null}
        <Menu.Item leftSection={<IconShieldCog size={16} aria-hidden="true" />} onClick={onAccess}>
          <Trans>Change access level</Trans>
        </Menu.Item>
        {statusAction === 'reactivate' ? (
          <Menu.Item leftSection={<IconUserCheck size={16} aria-hidden="true" />} onClick={onStatus}>
            <Trans>Reactivate</Trans>
          </Menu.Item>
        ) : null}
        {statusAction === 'deactivate' ? (
          <Menu.Item
            color="red.9"
            leftSection={<IconUserOff size={16} aria-hidden="true" />}
            onClick={onStatus}
          >
            <Trans>Deactivate</Trans>
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  )
}

/** A phone's list: one card per user, with the same actions as the table. */
function UserCards({ users, currentUserId, canEdit, locale, timeZone, busy, actions }: UserRowsProps) {
  const { t, i18n } = useLingui()
  return (
    <ListCards label={t`Users`} busy={busy}>
      {users.map((user) => {
        const self = user.id === currentUserId
        return (
          <ListCard key={user.id}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <UserName user={user} self={self} truncate />
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                </Text>
              </div>
              {canEdit && !self ? actions(user) : null}
            </Group>
            <Group gap="xs" mt={6} wrap="wrap">
              <ListStatusBadge status={user.status} colors={USER_STATUS_COLORS} labels={USER_STATUS_LABELS} />
              <Text size="xs">{i18n._(ACCESS_LEVEL_LABELS[user.accessLevel])}</Text>
              <Text size="xs" c="dimmed">
                {user.lastSignInAt
                  ? t`Last sign-in ${formatDateTime(user.lastSignInAt, locale, timeZone)}`
                  : t`Never signed in`}
              </Text>
            </Group>
          </ListCard>
        )
      })}
    </ListCards>
  )
}

/** The user's name (or that there is none yet), marked "You" on the signed-in user's own row. */
function UserName({ user, self, truncate }: { user: MerchantUser; self: boolean; truncate?: boolean }) {
  const { t } = useLingui()
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={600} c={user.name ? undefined : 'dimmed'} truncate={truncate}>
        {user.name ?? t`No name yet`}
      </Text>
      {self ? (
        <Badge size="sm" variant="outline" color="gray.8" radius="sm" tt="none">
          {t`You`}
        </Badge>
      ) : null}
    </Group>
  )
}
