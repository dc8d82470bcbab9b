import { Trans, useLingui } from '@lingui/react/macro'
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Group,
  Menu,
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
import {
  IconAlertCircle,
  IconDots,
  IconMailForward,
  IconSearch,
  IconShieldCog,
  IconUserCheck,
  IconUserOff,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { SCOPES } from '../../../access/scopes'
import type { Merchant } from '../../../api/schemas/merchants'
import { type MerchantUser, USER_STATUSES } from '../../../api/schemas/users'
import { useServices } from '../../../app/services-context'
import { formatDateTime, formatNumber } from '../../../i18n/format'
import { isLocale, type Locale, SOURCE_LOCALE } from '../../../i18n/locales'
import { PageHeader } from '../../../ui/page-header'
import { userListQueryOptions, useUserAction } from '../api/user-queries'
import { ACCESS_LEVEL_LABELS, USER_STATUS_COLORS, USER_STATUS_LABELS } from '../labels'
import { type UserSearchInput, userListParams } from '../search'
import { AccessLevelModal, InviteUserModal, UserStatusModal } from './user-dialogs'

const route = getRouteApi('/_authed/user-management')

export const USER_SEARCH_DEBOUNCE_MS = 300

type Dialog = { kind: 'invite' } | { kind: 'access' | 'status'; user: MerchantUser } | null

export function UserManagementPage() {
  const { merchant, access, claims } = route.useRouteContext()
  if (!merchant) return null
  return (
    <UsersView
      merchant={merchant}
      canEdit={access.scopes.has(SCOPES.users.edit)}
      currentUserId={claims.uid}
    />
  )
}

function UsersView({
  merchant,
  canEdit,
  currentUserId,
}: {
  merchant: Merchant
  canEdit: boolean
  currentUserId: string
}) {
  const { t, i18n } = useLingui()
  const locale = isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE
  const { api, alerts } = useServices()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const params = useMemo(() => userListParams(search), [search])
  const list = useQuery(userListQueryOptions(api, merchant.id, params))
  const resend = useUserAction(merchant.id)
  const [dialog, setDialog] = useState<Dialog>(null)
  // Read at once, so a phone never flashes the wide table first.
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false })
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
  }, USER_SEARCH_DEBOUNCE_MS)
  const reset = () => {
    commitSearch.cancel()
    sent.current = ''
    setDraft('')
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

  const page = list.data
  const total = page?.pagination.total ?? 0
  const pageCount = Math.max(1, Math.ceil(total / params.pageSize))
  const busy = list.isFetching && list.isPlaceholderData
  const first = formatNumber(total === 0 ? 0 : (params.page - 1) * params.pageSize + 1, locale)
  const last = formatNumber(Math.min(total, params.page * params.pageSize), locale)
  const totalText = formatNumber(total, locale)
  const filtered = search.search !== undefined || search.status !== undefined

  return (
    <>
      <PageHeader
        title={<Trans>User management</Trans>}
        description={<Trans>Who can sign in to {merchant.name}, and what they can do.</Trans>}
        actions={
          canEdit ? (
            <Button
              leftSection={<IconUserPlus size={16} aria-hidden="true" />}
              onClick={() => setDialog({ kind: 'invite' })}
            >
              <Trans>Invite user</Trans>
            </Button>
          ) : null
        }
      />
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label={t`Filter users`}>
          <TextInput
            label={t`Search users`}
            placeholder={t`Name or email`}
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
            w={{ base: '100%', xs: 300 }}
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
              ...USER_STATUSES.map((status) => ({
                value: status,
                label: i18n._(USER_STATUS_LABELS[status]),
              })),
            ]}
            value={search.status ?? 'ALL'}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
            onChange={(value) => {
              const status = USER_STATUSES.find((candidate) => candidate === value)
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
              ? t`Loading users…`
              : page && total > 0
                ? t`Showing ${first}–${last} of ${totalText}`
                : ''}
          </Text>
        </Box>

        {list.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            <Group justify="space-between" gap="sm">
              <Text size="sm">
                <Trans>We could not load the users.</Trans>
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
              <IconUsers size={32} aria-hidden="true" />
              <Text fw={600}>
                {filtered ? <Trans>No users match these filters</Trans> : <Trans>No users yet</Trans>}
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
              <UserCards
                users={page.items}
                currentUserId={currentUserId}
                canEdit={canEdit}
                locale={locale}
                timeZone={merchant.timeZone}
                busy={busy}
                actions={actionsFor}
              />
            ) : (
              // Focusable, so that keyboard users can scroll the table sideways on a narrow screen.
              <Table.ScrollContainer
                minWidth={720}
                type="native"
                pos="relative"
                tabIndex={0}
                role="region"
                aria-label={t`Users`}
              >
                <Table
                  striped
                  verticalSpacing="sm"
                  aria-busy={busy}
                  style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
                >
                  <caption>
                    <VisuallyHidden>
                      {t`Users by name; page ${formatNumber(params.page, locale)} of ${formatNumber(pageCount, locale)}`}
                    </VisuallyHidden>
                  </caption>
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
                    {page.items.map((user) => {
                      const self = user.id === currentUserId
                      return (
                        <Table.Tr key={user.id}>
                          <Table.Td>
                            <Group gap={6} wrap="nowrap">
                              <Text size="sm" fw={600} c={user.name ? undefined : 'dimmed'}>
                                {user.name ?? t`No name yet`}
                              </Text>
                              {self ? (
                                <Badge size="sm" variant="outline" color="gray.8" radius="sm" tt="none">
                                  {t`You`}
                                </Badge>
                              ) : null}
                            </Group>
                            <Text size="xs" c="dimmed">
                              {user.email}
                            </Text>
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {i18n._(ACCESS_LEVEL_LABELS[user.accessLevel])}
                          </Table.Td>
                          <Table.Td>
                            <Badge
                              color={USER_STATUS_COLORS[user.status]}
                              variant="dot"
                              radius="sm"
                              tt="none"
                              style={{ minWidth: 'max-content' }}
                            >
                              {i18n._(USER_STATUS_LABELS[user.status])}
                            </Badge>
                            {user.status === 'INVITED' && user.invitedAt ? (
                              <Text size="xs" c="dimmed" mt={2}>
                                {t`Sent ${formatDateTime(user.invitedAt, locale, merchant.timeZone)}`}
                              </Text>
                            ) : null}
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {user.lastSignInAt ? (
                              formatDateTime(user.lastSignInAt, locale, merchant.timeZone)
                            ) : (
                              <Text span size="sm" c="dimmed">
                                {t`Never`}
                              </Text>
                            )}
                          </Table.Td>
                          {canEdit ? (
                            <Table.Td style={{ textAlign: 'right' }}>
                              {self ? null : actionsFor(user)}
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
        {user.status === 'DEACTIVATED' ? (
          <Menu.Item leftSection={<IconUserCheck size={16} aria-hidden="true" />} onClick={onStatus}>
            <Trans>Reactivate</Trans>
          </Menu.Item>
        ) : (
          <Menu.Item
            color="red.9"
            leftSection={<IconUserOff size={16} aria-hidden="true" />}
            onClick={onStatus}
          >
            <Trans>Deactivate</Trans>
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  )
}

/** A phone's list: one card per user, with the same actions as the table. */
function UserCards({
  users,
  currentUserId,
  canEdit,
  locale,
  timeZone,
  busy,
  actions,
}: {
  users: readonly MerchantUser[]
  currentUserId: string
  canEdit: boolean
  locale: Locale
  timeZone: string
  busy: boolean
  actions(user: MerchantUser): ReactNode
}) {
  const { t, i18n } = useLingui()
  return (
    <Stack
      component="ul"
      gap={0}
      p={0}
      m={0}
      aria-label={t`Users`}
      aria-busy={busy}
      style={{ listStyle: 'none', opacity: busy ? 0.6 : 1 }}
    >
      {users.map((user) => {
        const self = user.id === currentUserId
        return (
          <Box
            component="li"
            key={user.id}
            p="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={600} c={user.name ? undefined : 'dimmed'} truncate>
                    {user.name ?? t`No name yet`}
                  </Text>
                  {self ? (
                    <Badge size="sm" variant="outline" color="gray.8" radius="sm" tt="none">
                      {t`You`}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {user.email}
                </Text>
              </div>
              {canEdit && !self ? actions(user) : null}
            </Group>
            <Group gap="xs" mt={6} wrap="wrap">
              <Badge
                color={USER_STATUS_COLORS[user.status]}
                variant="dot"
                radius="sm"
                tt="none"
                style={{ minWidth: 'max-content' }}
              >
                {i18n._(USER_STATUS_LABELS[user.status])}
              </Badge>
              <Text size="xs">{i18n._(ACCESS_LEVEL_LABELS[user.accessLevel])}</Text>
              <Text size="xs" c="dimmed">
                {user.lastSignInAt
                  ? t`Last sign-in ${formatDateTime(user.lastSignInAt, locale, timeZone)}`
                  : t`Never signed in`}
              </Text>
            </Group>
          </Box>
        )
      })}
    </Stack>
  )
}
