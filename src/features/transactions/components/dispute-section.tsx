import '../../../ui/mantine-later.css'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core'
import { Suspense, useState } from 'react'
import type { Open } from '../../../api/schemas/common'
import type { Transaction, TransactionListItem } from '../../../api/schemas/transactions'
import { lazyChunk } from '../../../shared/load-chunk'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { knownEntry, openColor } from '../../../ui/open-value'
import {
  DISPUTE_EVENT_LABELS,
  DISPUTE_REASON_LABELS,
  DISPUTE_STATUS_COLORS,
  DISPUTE_STATUS_LABELS,
} from '../dispute-labels'
import { isAnswerable, timeLeft } from '../disputes'
import { ACTOR_LABELS } from '../labels'
import { Fact } from './drawer-facts'

// Answering loads on demand: most drawers show no dispute, and most disputes are not answered here.
const AcceptDisputeDialog = lazyChunk(() =>
  import('./accept-dispute-dialog').then((module) => ({ default: module.AcceptDisputeDialog })),
)
const ChallengeForm = lazyChunk(() =>
  import('./challenge-form').then((module) => ({ default: module.ChallengeForm })),
)

type DisputeSummary = NonNullable<TransactionListItem['dispute']>
type Dispute = NonNullable<Transaction['dispute']>

/** A value's label, or a generic one for a value this portal does not know (a newer platform's). */
function labelOf<T extends string>(
  i18n: I18n,
  labels: Readonly<Record<T, MessageDescriptor>>,
  value: Open<T>,
  generic: string,
): string {
  const label = knownEntry(labels, value)
  return label ? i18n._(label) : generic
}

function TimeLeft({ respondBy, now }: { respondBy: Date; now: number }) {
  const left = timeLeft(respondBy, now)
  switch (left.unit) {
    case 'days':
      return <Plural value={left.count} one="# day left" other="# days left" />
    case 'hours':
      return <Plural value={left.count} one="# hour left" other="# hours left" />
    case 'underAnHour':
      return <Trans>Less than an hour left</Trans>
    case 'passed':
      return <Trans>The deadline has passed</Trans>
  }
}

/** What came of the dispute, or where it stands when it cannot be answered any more. */
function Outcome({ dispute, format, now }: { dispute: DisputeSummary; format: MerchantFormat; now: number }) {
  const amount = format.money(dispute.amount)
  switch (dispute.status) {
    case 'WON':
      return <Trans>Decided in your favor: the money stays with you.</Trans>
    case 'LOST':
      return <Trans>Decided for the customer: {amount} went back to them.</Trans>
    case 'ACCEPTED':
      return <Trans>You accepted this dispute: {amount} was refunded to the customer.</Trans>
    case 'UNDER_REVIEW':
      return <Trans>You challenged this dispute. The platform is reviewing your evidence.</Trans>
    case 'NEEDS_RESPONSE':
      return isAnswerable(dispute, now) ? null : (
        <Trans>The time to respond is over. The platform will decide this dispute.</Trans>
      )
    default:
      return null
  }
}

interface DisputeSectionProps {
  merchantId: string
  transaction: Transaction | TransactionListItem
  dispute: DisputeSummary
  /** The detail's dispute, with its timeline; undefined while the detail loads. */
  detail: Dispute | undefined
  detailFailed: boolean
  /** Whether the user may answer disputes (write access). */
  canAnswer: boolean
  format: MerchantFormat
}

/** A transaction's dispute: where it stands, by when to answer it, its story and, while it can be, the answer. */
export function DisputeSection({
  merchantId,
  transaction,
  dispute,
  detail,
  detailFailed,
  canAnswer,
  format,
}: DisputeSectionProps) {
  const { t, i18n } = useLingui()
  const [answering, setAnswering] = useState<'accept' | 'challenge' | null>(null)
  const [openings, setOpenings] = useState(0)
  const now = Date.now()
  const answerable = isAnswerable(dispute, now)
  const outcome = <Outcome dispute={dispute} format={format} now={now} />
  const id = transaction.id

  return (
    <section aria-labelledby="tx-dispute">
      <Group gap="xs" mb="xs">
        <Title order={3} size="h5" id="tx-dispute">
          <Trans>Dispute</Trans>
        </Title>
        <Badge
          color={openColor(DISPUTE_STATUS_COLORS, dispute.status)}
          variant="dot"
          radius="sm"
          tt="none"
          maw="none"
        >
          {labelOf(i18n, DISPUTE_STATUS_LABELS, dispute.status, t`Other status`)}
        </Badge>
      </Group>
      <Stack gap="sm">
        <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="sm" m={0}>
          <Fact label={<Trans>Reason</Trans>}>
            {labelOf(i18n, DISPUTE_REASON_LABELS, dispute.reason, t`Other reason`)}
          </Fact>
          <Fact label={<Trans>Disputed amount</Trans>}>{format.money(dispute.amount)}</Fact>
          <Fact label={<Trans>Opened</Trans>}>{format.dateTime(dispute.openedAt)}</Fact>
          <Fact label={<Trans>Respond by</Trans>}>
            {format.dateTime(dispute.respondBy)}
            {answerable ? (
              <Text component="span" display="block" size="sm" fw={600} c="red.8">
                <TimeLeft respondBy={dispute.respondBy} now={now} />
              </Text>
            ) : null}
          </Fact>
        </SimpleGrid>

        {answerable ? null : (
          <Text size="sm" fw={500}>
            {outcome}
          </Text>
        )}

        {detail?.challenge ? <ChallengeSent challenge={detail.challenge} format={format} /> : null}

        {answerable && canAnswer && answering !== 'challenge' ? (
          <Group gap="sm" role="group" aria-label={t`Answer the dispute`}>
            <Button
              onClick={() => {
                setAnswering('challenge')
              }}
            >
              <Trans>Challenge</Trans>
            </Button>
            <Button
              variant="default"
              onClick={() => {
                setOpenings((count) => count + 1)
                setAnswering('accept')
              }}
            >
              <Trans>Accept</Trans>
            </Button>
          </Group>
        ) : null}

        {answerable && canAnswer && answering === 'challenge' ? (
          <Suspense fallback={<Skeleton h={220} aria-label={t`Loading the challenge form`} />}>
            <ChallengeForm merchantId={merchantId} id={id} onClose={() => setAnswering(null)} />
          </Suspense>
        ) : null}

        {answering === 'accept' ? (
          <Suspense fallback={null}>
            <AcceptDisputeDialog
              key={openings}
              merchantId={merchantId}
              id={id}
              amount={dispute.amount}
              format={format}
              onClose={() => setAnswering(null)}
            />
          </Suspense>
        ) : null}

        <Title order={4} size="h6" id="tx-dispute-timeline">
          <Trans>Dispute timeline</Trans>
        </Title>
        {detail ? (
          <Timeline active={detail.timeline.length - 1} bulletSize={12} lineWidth={2}>
            {detail.timeline.map((event) => {
              const actor = ACTOR_LABELS[event.actor]
              const who = actor ? i18n._(actor) : event.actor
              const when = format.dateTime(event.at)
              return (
                <Timeline.Item
                  key={`${event.type}-${event.at.getTime()}`}
                  title={labelOf(i18n, DISPUTE_EVENT_LABELS, event.type, t`Other update`)}
                >
                  <Text size="xs" c="dimmed">
                    {t`${when} · by ${who}`}
                  </Text>
                </Timeline.Item>
              )
            })}
          </Timeline>
        ) : detailFailed ? (
          <Alert color="red" variant="light">
            <Text size="sm">
              <Trans>We could not load the dispute's timeline.</Trans>
            </Text>
          </Alert>
        ) : (
          <Skeleton h={40} aria-busy="true" />
        )}
      </Stack>
    </section>
  )
}

function ChallengeSent({
  challenge,
  format,
}: {
  challenge: NonNullable<Dispute['challenge']>
  format: MerchantFormat
}) {
  const { t } = useLingui()
  const when = format.dateTime(challenge.submittedAt)
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={600}>
        <Trans>Your challenge, sent {when}</Trans>
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {challenge.explanation}
      </Text>
      {challenge.evidence.length > 0 ? (
        <List size="sm" aria-label={t`Evidence sent`}>
          {challenge.evidence.map((file) => (
            <List.Item key={file.id}>{file.fileName}</List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  )
}
