import { Trans } from '@lingui/react/macro'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { IconCreditCard } from '@tabler/icons-react'
import { getRouteApi } from '@tanstack/react-router'
import { Suspense, useId, useMemo, useState } from 'react'
import type { Merchant } from '../../../api/schemas/merchants'
import type { Program } from '../../../api/schemas/programs'
import { useServices } from '../../../services/services-context'
import { stepUpPending } from '../../../shared/form/step-up-pending'
import { lazyChunk } from '../../../shared/load-chunk'
import { useMerchantFormat } from '../../../shared/use-merchant-format'
import { virtualCardPrograms } from '../card-display'
import { ISSUE_STEP_UP } from '../issue-draft'

// The dialog loads when someone first asks for a card.
const loadDialog = () => import('./issue-card-dialog')
const IssueCardDialog = lazyChunk(loadDialog)

// Most merchants have no in-store program: the list of recent cards (its query, its table) loads only
// for those who see the section, and the issuing dialog when first asked for, so the transactions page
// every merchant opens first stays small. The section's frame shows at once, so nothing moves.
const RecentCards = lazyChunk(() =>
  import('./recent-virtual-cards').then((module) => ({ default: module.RecentCards })),
)

const authed = getRouteApi('/_authed/_merchant')

/**
 * The in-store area of the transactions page: issuing single-use virtual cards and the latest ones
 * issued. Absent (not disabled) for users without the issuing scope or merchants without an in-store
 * virtual card program.
 */
export function InstoreVirtualCards() {
  const { merchant, programs, abilities } = authed.useRouteContext()
  const eligible = useMemo(() => virtualCardPrograms(programs), [programs])
  if (!abilities.cardIssuance || eligible.length === 0) return null
  return <VirtualCardsSection merchant={merchant} programs={eligible} />
}

function VirtualCardsSection({ merchant, programs }: { merchant: Merchant; programs: readonly Program[] }) {
  const headingId = useId()
  const format = useMerchantFormat(merchant)
  // Each opening mounts a fresh dialog: a fresh form, and fresh idempotency keys.
  const [opening, setOpening] = useState(0)
  // Back from the fresh sign-in issuance asked for: the dialog opens again with what was typed.
  const { storage, session } = useServices()
  const [opened, setOpened] = useState(() => stepUpPending(storage, session, ISSUE_STEP_UP))

  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 18rem' }}>
            <Title order={2} size="h4" id={headingId}>
              <Trans>In-store virtual cards</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>
                A single-use card for one purchase at the till: key it into your card terminal and the
                customer’s plan pays for it.
              </Trans>
            </Text>
          </Stack>
          <Button
            leftSection={<IconCreditCard size={16} aria-hidden="true" />}
            aria-haspopup="dialog"
            onPointerEnter={() => void loadDialog()}
            onFocus={() => void loadDialog()}
            onClick={() => {
              setOpening((count) => count + 1)
              setOpened(true)
            }}
          >
            <Trans>Issue virtual card</Trans>
          </Button>
        </Group>
        <Suspense fallback={null}>
          <RecentCards merchant={merchant} programs={programs} format={format} />
        </Suspense>
      </Stack>
      {opened ? (
        <Suspense fallback={null}>
          <IssueCardDialog
            key={opening}
            merchant={merchant}
            programs={programs}
            format={format}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      ) : null}
    </Paper>
  )
}
