import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Badge, Box, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core'
import { IconAlertCircle } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useId, useMemo } from 'react'
import type { Merchant } from '../../../api/schemas/merchants'
import type { Program } from '../../../api/schemas/programs'
import type { VirtualCard } from '../../../api/schemas/virtual-cards'
import { useServices } from '../../../services/services-context'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { UnreadableNote } from '../../../ui/list/unreadable-note'
import { openColor, openLabel } from '../../../ui/open-value'
import { recentVirtualCardsQueryOptions } from '../api/virtual-cards'
import { maskedCardNumber } from '../card-display'
import { STATUS_COLORS, STATUS_LABELS } from '../labels'

/** How many of the latest cards the section lists. */
export const RECENT_CARD_COUNT = 3

/** The latest cards issued, masked, with their state: the part of the in-store area that reads data. */
export function RecentCards({
  merchant,
  programs,
  format,
}: {
  merchant: Merchant
  programs: readonly Program[]
  format: MerchantFormat
}) {
  const { t } = useLingui()
  const { api } = useServices()
  const listId = useId()
  const recent = useQuery(recentVirtualCardsQueryOptions(api, merchant.id, RECENT_CARD_COUNT))
  const programNames = useMemo(() => new Map(programs.map((p) => [p.id, p.name])), [programs])

  if (recent.isError) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            <Trans>We could not load the recent virtual cards.</Trans>
          </Text>
          <Button size="xs" color="red" onClick={() => void recent.refetch()} loading={recent.isFetching}>
            <Trans>Try again</Trans>
          </Button>
        </Group>
      </Alert>
    )
  }
  if (!recent.data) {
    return (
      <Text size="sm" c="dimmed" role="status">
        <Trans>Loading recent virtual cards…</Trans>
      </Text>
    )
  }
  const { items, pagination, unreadable } = recent.data
  if (items.length === 0 && unreadable === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No virtual cards issued yet.</Trans>
      </Text>
    )
  }
  const shown = items.length
  const total = pagination.total
  return (
    <Stack gap={4}>
      <UnreadableNote count={unreadable} />
      <Text size="sm" fw={600} id={listId}>
        {total > shown ? t`The ${shown} latest of ${total} cards issued` : t`Cards issued`}
      </Text>
      <Box component="ul" aria-labelledby={listId} p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((card) => (
          <RecentCard
            key={card.id}
            card={card}
            programName={programNames.get(card.programID) ?? card.programID}
            format={format}
          />
        ))}
      </Box>
    </Stack>
  )
}

function RecentCard({
  card,
  programName,
  format,
}: {
  card: VirtualCard
  programName: string
  format: MerchantFormat
}) {
  const { t, i18n } = useLingui()
  const issued = format.dateTime(card.createdAt)
  const by = card.issuedBy
  return (
    <Box component="li" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Text size="sm" ff="monospace" fw={600} style={{ whiteSpace: 'nowrap' }}>
            <span aria-hidden="true">{maskedCardNumber(card.last4)}</span>
            <VisuallyHidden>{t`Card ending in ${card.last4}`}</VisuallyHidden>
          </Text>
          <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {format.money(card.amount)}
          </Text>
          <Text size="sm">{programName}</Text>
          <Badge color={openColor(STATUS_COLORS, card.status)} variant="dot" radius="sm" tt="none">
            {openLabel(i18n, STATUS_LABELS, card.status)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t`Issued ${issued} by ${by}`}
        </Text>
      </Group>
    </Box>
  )
}
