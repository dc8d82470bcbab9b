import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, Stack, Table, Text } from '@mantine/core'
import type { ActivityChange, ActivityEntry } from '../../../api/schemas/activity'
import { formatDateTime } from '../../../i18n/format'
import type { Locale } from '../../../i18n/locales'
import { ListCard, ListCards } from '../../../ui/list/list-cards'
import { ListTable } from '../../../ui/list/list-table'
import { openLabel } from '../../../ui/open-value'
import { ACTIVITY_KIND_LABELS, ACTIVITY_TARGET_LABELS } from './activity-labels'
import { type ActivityFormat, activityValue } from './activity-values'

interface ActivityRowsProps {
  entries: readonly ActivityEntry[]
  locale: Locale
  timeZone: string
  /** Money in the merchant's currency, moments in its time zone. */
  format: ActivityFormat
  busy: boolean
}

interface ChangesProps {
  entry: ActivityEntry
  format: ActivityFormat
}

/** One changed field: before → after; "set to" for something new, "removed" for something gone. */
function Change({
  change,
  targetType,
  format,
}: { change: ActivityChange; targetType: string } & Pick<ChangesProps, 'format'>) {
  const { field } = change
  const shown = (value: string | undefined) =>
    value === undefined ? undefined : activityValue(targetType, field, value, format)
  const before = shown(change.before)
  const after = shown(change.after)
  return (
    <Text component="li" size="xs" style={{ overflowWrap: 'anywhere' }}>
      <Text span size="xs" fw={600}>
        {field}
      </Text>{' '}
      {before !== undefined && after !== undefined ? (
        <Trans>
          {before} → {after}
        </Trans>
      ) : after !== undefined ? (
        <Trans>set to {after}</Trans>
      ) : before !== undefined ? (
        <Trans>{before} removed</Trans>
      ) : null}
    </Text>
  )
}

function Changes({ entry, format }: ChangesProps) {
  if (entry.changes.length === 0) return null
  return (
    <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
      {entry.changes.map((change) => (
        <Change key={change.field} change={change} targetType={entry.target.type} format={format} />
      ))}
    </Stack>
  )
}

function Target({ entry }: { entry: ActivityEntry }) {
  const { i18n } = useLingui()
  return (
    <>
      <Text size="sm">{openLabel(i18n, ACTIVITY_TARGET_LABELS, entry.target.type)}</Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {entry.target.label ?? entry.target.id}
      </Text>
    </>
  )
}

function Actor({ entry }: { entry: ActivityEntry }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {entry.actor.name ?? entry.actor.email}
      </Text>
      {entry.actor.name ? (
        <Text size="xs" c="dimmed">
          {entry.actor.email}
        </Text>
      ) : null}
    </>
  )
}

function KindBadge({ entry }: { entry: ActivityEntry }) {
  const { i18n } = useLingui()
  return (
    // A badge is one line cut short with an ellipsis; a kind's name wraps instead, so all of it is read.
    <Badge
      variant="outline"
      color="gray.8"
      radius="sm"
      tt="none"
      h="auto"
      py={2}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {openLabel(i18n, ACTIVITY_KIND_LABELS, entry.kind)}
    </Badge>
  )
}

export function ActivityTable({
  entries,
  locale,
  timeZone,
  format,
  busy,
  caption,
}: ActivityRowsProps & { caption: string }) {
  const { t } = useLingui()
  return (
    <ListTable label={t`Activity`} caption={caption} minWidth={900} busy={busy}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t`Time`}</Table.Th>
          <Table.Th>{t`User`}</Table.Th>
          <Table.Th>{t`Kind`}</Table.Th>
          <Table.Th>{t`Target`}</Table.Th>
          <Table.Th>{t`Changes`}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at, locale, timeZone)}</Table.Td>
            <Table.Td>
              <Actor entry={entry} />
            </Table.Td>
            <Table.Td>
              <KindBadge entry={entry} />
            </Table.Td>
            <Table.Td>
              <Target entry={entry} />
            </Table.Td>
            <Table.Td maw={320}>
              <Changes entry={entry} format={format} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ListTable>
  )
}

/** A phone's list: one card per entry, what happened first. */
export function ActivityCards({ entries, locale, timeZone, format, busy }: ActivityRowsProps) {
  const { t } = useLingui()
  return (
    <ListCards label={t`Activity`} busy={busy}>
      {entries.map((entry) => (
        <ListCard key={entry.id}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <KindBadge entry={entry} />
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(entry.at, locale, timeZone)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs" mt={6}>
            <div style={{ minWidth: 0 }}>
              <Actor entry={entry} />
            </div>
            <div style={{ minWidth: 0, textAlign: 'right' }}>
              <Target entry={entry} />
            </div>
          </Group>
          <Stack mt={6} gap={0}>
            <Changes entry={entry} format={format} />
          </Stack>
        </ListCard>
      ))}
    </ListCards>
  )
}
