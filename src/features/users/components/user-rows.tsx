import { useLingui } from '@lingui/react/macro'
import { Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core'
import type { ReactNode } from 'react'
import type { MerchantUser } from '../../../api/schemas/users'
import { formatDateTime } from '../../../i18n/format'
import type { Locale } from '../../../i18n/locales'
import { ListCard, ListCards } from '../../../ui/list/list-cards'
import { ListStatusBadge } from '../../../ui/list/list-status-badge'
import { ListTable } from '../../../ui/list/list-table'
import { ACCESS_LEVEL_LABELS, USER_STATUS_COLORS, USER_STATUS_LABELS } from '../labels'

/** What the table and the phone's cards both show. */
interface UserRowsProps {
  users: readonly MerchantUser[]
  currentUserId: string
  locale: Locale
  timeZone: string
  busy: boolean
  actions(user: MerchantUser): ReactNode
}

export function UsersTable({
  users,
  currentUserId,
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
          <Table.Th>
            <VisuallyHidden>{t`Actions`}</VisuallyHidden>
          </Table.Th>
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
              <Table.Td style={{ textAlign: 'right' }}>{actions(user)}</Table.Td>
            </Table.Tr>
          )
        })}
      </Table.Tbody>
    </ListTable>
  )
}

/** A phone's list: one card per user, with the same actions as the table. */
export function UserCards({ users, currentUserId, locale, timeZone, busy, actions }: UserRowsProps) {
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
              {actions(user)}
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
