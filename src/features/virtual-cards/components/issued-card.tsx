import '../../../ui/mantine-later.css'
import type { I18n } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core'
import { IconCheck, IconCircleCheck, IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react'
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { IssuedVirtualCard } from '../../../api/schemas/virtual-cards'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { cardExpiry, groupedCardNumber, maskedCardNumber } from '../card-display'
import {
  CLEAR_CLIPBOARD_MS,
  type ClipboardGuard,
  type ClipboardState,
  sharedClipboardGuard,
} from '../clipboard-guard'
import { REVEAL_MS, useTimedReveal } from '../use-timed-reveal'

/** How long the copy button says it copied. */
const COPIED_MS = 2_000

interface IssuedCardProps {
  card: IssuedVirtualCard
  programName: string
  format: MerchantFormat
  onDone(): void
  /** How long the number stays revealed. */
  revealMs?: number
  /** Clears a copied number from the clipboard; the page's own by default. */
  clipboard?: ClipboardGuard
}

/**
 * The card just issued: masked until someone asks to see it, then shown for a limited time with a
 * countdown. The full number can be copied without showing it, and is taken off the clipboard a minute
 * later if it is still there (clipboard-guard.ts). Nothing here outlives the dialog: once it closes,
 * only the last four digits remain on the page.
 */
export function IssuedCard({
  card,
  programName,
  format,
  onDone,
  revealMs = REVEAL_MS,
  clipboard = sharedClipboardGuard(),
}: IssuedCardProps) {
  const { t, i18n } = useLingui()
  const reveal = useTimedReveal(revealMs)
  const [copied, setCopied] = useState(false)
  const [copyFailed, setCopyFailed] = useState(false)
  // The guard's copy made here; what it says of another dialog's copy is none of this one's business.
  const [ownCopy, setOwnCopy] = useState<number | null>(null)
  const guarded = useSyncExternalStore(clipboard.subscribe, clipboard.current)
  const clipboardState = 'copy' in guarded && guarded.copy === ownCopy ? guarded : undefined
  // What the status region last said: kept as an event, worded at render, so it follows the language.
  const [news, setNews] = useState<'shown' | 'hidden' | 'copied' | 'clipboard' | null>(null)
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

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])

  // The clipboard's fate is told as it is decided.
  const settled = clipboardState !== undefined && clipboardState.state !== 'pending'
  useEffect(() => {
    if (settled) setNews('clipboard')
  }, [settled])

  const clipboardNote = clipboardState ? describeClipboard(clipboardState, i18n) : undefined
  const seconds = Math.round(revealMs / 1_000)
  const announcement =
    news === 'shown'
      ? t`Card number and CVV shown. They are hidden again in ${plural(seconds, { one: '# second', other: '# seconds' })}.`
      : news === 'hidden'
        ? t`Card number and CVV hidden.`
        : // Said only once the browser has taken it; a refusal is an alert of its own below.
          news === 'copied' && copied
          ? t`Card number copied.`
          : news === 'clipboard' && settled
            ? (clipboardNote ?? '')
            : ''

  const amount = format.money(card.amount)
  const validUntil = format.dateTime(card.validUntil)
  const left = reveal.secondsLeft

  function copy() {
    clipboard.copy(card.number).then(
      (made) => {
        setOwnCopy(made)
        setCopied(true)
        setCopyFailed(false)
        setNews('copied')
      },
      () => setCopyFailed(true),
    )
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
            copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />
          }
          onClick={copy}
        >
          {copied ? t`Copied` : t`Copy card number`}
        </Button>
      </Group>
      {clipboardNote ? (
        <Text size="sm" c="dimmed" data-testid="clipboard-note">
          {clipboardNote}
        </Text>
      ) : null}
      {reveal.revealed ? (
        <Text size="sm" c="dimmed">
          {t`Hidden again in ${plural(left, { one: '# second', other: '# seconds' })}.`}
        </Text>
      ) : null}
      {copyFailed ? (
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

/** What became of the copied number, worded for the page; honest about what the portal cannot know. */
function describeClipboard(clipboard: Exclude<ClipboardState, { state: 'idle' }>, i18n: I18n): string {
  const seconds = Math.round(CLEAR_CLIPBOARD_MS / 1_000)
  switch (clipboard.state) {
    case 'pending':
      return clipboard.canRead
        ? i18n._(
            msg`For safety, the number is taken off the clipboard in ${plural(seconds, { one: '# second', other: '# seconds' })} if it is still there.`,
          )
        : i18n._(
            msg`For safety, the number is taken off the clipboard in ${plural(seconds, { one: '# second', other: '# seconds' })} if this page keeps the focus until then: the browser does not let the portal check what the clipboard holds.`,
          )
    case 'cleared':
      return i18n._(msg`The card number was taken off the clipboard.`)
    case 'replaced':
      return i18n._(msg`Something else was copied since, so the clipboard was left as it is.`)
    case 'unknown':
      return i18n._(
        msg`The card number may still be on the clipboard: the portal could not check it after this page lost the focus. Copy something else to replace it.`,
      )
  }
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
