import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core'
import { useClipboard } from '@mantine/hooks'
import { IconCheck, IconCircleCheck, IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { IssuedVirtualCard } from '../../../api/schemas/virtual-cards'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { cardExpiry, groupedCardNumber, maskedCardNumber } from '../card-display'
import { REVEAL_MS, useTimedReveal } from '../use-timed-reveal'

interface IssuedCardProps {
  card: IssuedVirtualCard
  programName: string
  format: MerchantFormat
  onDone(): void
  /** How long the number stays revealed. */
  revealMs?: number
}

/**
 * The card just issued: masked until someone asks to see it, then shown for a limited time with a
 * countdown. The full number can be copied without showing it. Nothing here outlives the dialog: once
 * it closes, only the last four digits remain anywhere.
 */
export function IssuedCard({ card, programName, format, onDone, revealMs = REVEAL_MS }: IssuedCardProps) {
  const { t } = useLingui()
  const reveal = useTimedReveal(revealMs)
  const clipboard = useClipboard({ timeout: 2_000 })
  // What the status region last said: kept as an event, worded at render, so it follows the language.
  const [news, setNews] = useState<'shown' | 'hidden' | 'copied' | null>(null)
  const wasRevealed = useRef(false)
  const summary = useRef<HTMLDivElement>(null)

  // The form this replaced had the focus; the outcome takes it, so a screen reader reads it next.
  useEffect(() => summary.current?.focus(), [])

  // Revealing, hiding and the time running out all pass through here.
  useEffect(() => {
    if (reveal.revealed) setNews('shown')
    else if (wasRevealed.current) setNews('hidden')
    wasRevealed.current = reveal.revealed
  }, [reveal.revealed])

  const seconds = Math.round(revealMs / 1_000)
  const announcement =
    news === 'shown'
      ? t`Card number and CVV shown. They are hidden again in ${plural(seconds, { one: '# second', other: '# seconds' })}.`
      : news === 'hidden'
        ? t`Card number and CVV hidden.`
        : // Said only once the browser has taken it; a refusal is an alert of its own below.
          news === 'copied' && clipboard.copied
          ? t`Card number copied.`
          : ''

  const amount = format.money(card.amount)
  const validUntil = format.dateTime(card.validUntil)
  const left = reveal.secondsLeft

  function copy() {
    clipboard.copy(card.number)
    setNews('copied')
  }

  return (
    <Stack gap="md">
      <Alert
        ref={summary}
        tabIndex={-1}
        color="teal"
        variant="light"
        icon={<IconCircleCheck aria-hidden="true" />}
        title={t`Card issued for ${amount}`}
      >
        <Text size="sm">
          <Trans>
            {programName}. It can be charged once, for up to {amount}, until {validUntil}. The full number is
            shown only in this window: once it is closed, only the last four digits remain.
          </Trans>
        </Text>
      </Alert>

      <Paper withBorder radius="md" p="md" bg="gray.0">
        <SimpleGrid component="dl" cols={2} spacing="sm" m={0}>
          <Detail label={t`Card number`} wide>
            {reveal.revealed ? (
              <span data-testid="card-number">{groupedCardNumber(card.number)}</span>
            ) : (
              <>
                <span aria-hidden="true" data-testid="card-number">
                  {maskedCardNumber(card.last4)}
                </span>
                <VisuallyHidden>{t`Hidden, ending in ${card.last4}`}</VisuallyHidden>
              </>
            )}
          </Detail>
          <Detail label={t`Expires`}>{cardExpiry(card.expiryMonth, card.expiryYear)}</Detail>
          <Detail label={t`CVV`}>
            {reveal.revealed ? (
              <span data-testid="card-cvv">{card.cvv}</span>
            ) : (
              <>
                <span aria-hidden="true" data-testid="card-cvv">
                  •••
                </span>
                <VisuallyHidden>{t`Hidden`}</VisuallyHidden>
              </>
            )}
          </Detail>
        </SimpleGrid>
      </Paper>

      <Group gap="sm">
        <Button
          variant="light"
          leftSection={
            reveal.revealed ? (
              <IconEyeOff size={16} aria-hidden="true" />
            ) : (
              <IconEye size={16} aria-hidden="true" />
            )
          }
          onClick={reveal.revealed ? reveal.hide : reveal.reveal}
        >
          {reveal.revealed ? t`Hide card details` : t`Reveal card details`}
        </Button>
        <Button
          variant="default"
          leftSection={
            clipboard.copied ? (
              <IconCheck size={16} aria-hidden="true" />
            ) : (
              <IconCopy size={16} aria-hidden="true" />
            )
          }
          onClick={copy}
        >
          {clipboard.copied ? t`Copied` : t`Copy card number`}
        </Button>
      </Group>
      {reveal.revealed ? (
        <Text size="sm" c="dimmed">
          {t`Hidden again in ${plural(left, { one: '# second', other: '# seconds' })}.`}
        </Text>
      ) : null}
      {clipboard.error ? (
        <Text size="sm" c="red.9" role="alert">
          <Trans>The browser did not let us copy the number. Reveal it and type it in instead.</Trans>
        </Text>
      ) : null}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>

      <Group justify="flex-end">
        <Button onClick={onDone}>
          <Trans>Done</Trans>
        </Button>
      </Group>
    </Stack>
  )
}

function Detail({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text
        component="dd"
        m={0}
        ff="monospace"
        size="lg"
        fw={600}
        style={{ fontVariantNumeric: 'tabular-nums', letterSpacing: '0.04em' }}
      >
        {children}
      </Text>
    </div>
  )
}
