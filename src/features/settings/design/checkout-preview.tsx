import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Group, Paper, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { ButtonStyle } from '../../../../contract/settings'
import type { Program } from '../../../api/schemas/programs'
import { useServices } from '../../../services/services-context'
import type { MerchantFormat } from '../../../shared/use-merchant-format'
import { BUTTON_RADIUS } from './checkout-design-form'
import { monthlyPayment, readableTextOn } from './financing-math'

/** The order the preview shows, in minor units. */
export const PREVIEW_ORDER_AMOUNT = 25_000
const PREVIEW_MONTHS = 12

interface CheckoutPreviewProps {
  merchantName: string
  primaryColor: string
  buttonStyle: ButtonStyle
  logoUrl: string
  headline: string
  /** The program whose rate the monthly plan quotes; none shows only pay in 4. */
  program: Program | undefined
  format: MerchantFormat
}

/**
 * What a customer sees in checkout with these settings: logo, headline, plans priced from the
 * program's rate, and the button in the chosen colour and shape. A picture of the checkout, so its
 * controls are not interactive.
 */
export function CheckoutPreview({
  merchantName,
  primaryColor,
  buttonStyle,
  logoUrl,
  headline,
  program,
  format,
}: CheckoutPreviewProps) {
  const { t } = useLingui()
  const valid = /^#[0-9a-fA-F]{6}$/.test(primaryColor)
  const color = valid ? primaryColor : '#1C7C54'
  const text = readableTextOn(color)
  const apr = program ? program.displayInterestRateBPS / 100 : 0
  const split = Math.ceil(PREVIEW_ORDER_AMOUNT / 4)
  const monthly = monthlyPayment(PREVIEW_ORDER_AMOUNT, apr, PREVIEW_MONTHS)
  const months = PREVIEW_MONTHS

  return (
    <Box component="figure" m={0}>
      <Paper withBorder radius="md" p="lg" shadow="sm" maw={380} mx="auto" bg="white">
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            {/* Keyed by address, so a new address gets a new chance to load. */}
            <PreviewLogo key={logoUrl} url={logoUrl} merchantName={merchantName} />
            <Text size="sm" fw={600}>
              {format.money(PREVIEW_ORDER_AMOUNT)}
            </Text>
          </Group>
          <Text fw={700} size="lg">
            {headline || <Trans>Pay over time</Trans>}
          </Text>
          <Stack gap="xs">
            <PlanRow color={color} selected>
              {t`${plural(4, { one: '# payment', other: '# payments' })} of ${format.money(split)}, every two weeks`}
            </PlanRow>
            {program ? (
              <PlanRow color={color}>
                {apr > 0
                  ? t`${plural(months, { one: '# monthly payment', other: '# monthly payments' })} of ${format.money(monthly)} at ${format.percent(apr)} APR`
                  : t`${plural(months, { one: '# monthly payment', other: '# monthly payments' })} of ${format.money(monthly)}, interest-free`}
              </PlanRow>
            ) : null}
          </Stack>
          <Box
            data-testid="preview-button"
            py={10}
            ta="center"
            fw={600}
            style={{ background: color, color: text, borderRadius: BUTTON_RADIUS[buttonStyle] }}
          >
            <Trans>Continue</Trans>
          </Box>
        </Stack>
      </Paper>
      <Text component="figcaption" size="xs" c="dimmed" ta="center" mt="xs">
        <Trans>
          Preview for a {format.money(PREVIEW_ORDER_AMOUNT)} order. Button text switches between light and
          dark to stay readable.
        </Trans>
      </Text>
    </Box>
  )
}

function PlanRow({
  color,
  selected = false,
  children,
}: {
  color: string
  selected?: boolean
  children: string
}) {
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      p="sm"
      style={{
        border: `${selected ? 2 : 1}px solid ${selected ? color : 'var(--mantine-color-gray-3)'}`,
        borderRadius: 8,
      }}
    >
      <Box
        aria-hidden="true"
        w={14}
        h={14}
        style={{
          flexShrink: 0,
          borderRadius: '50%',
          border: `4px solid ${selected ? color : 'var(--mantine-color-gray-4)'}`,
        }}
      />
      <Text size="sm">{children}</Text>
    </Group>
  )
}

/**
 * Whether the page may load an image from `url` under its Content-Security-Policy: from the portal's
 * own origin, or from one of config.json's `imageOrigins` (the policy's `img-src`).
 */
function isAllowedImage(url: string, imageOrigins: readonly string[]): boolean {
  if (!URL.canParse(url)) return false
  const { origin } = new URL(url)
  return origin === window.location.origin || imageOrigins.includes(origin)
}

/**
 * The logo, or the merchant's name when there is none, it does not load, or its address is not one
 * the page's policy lets it load (asking would only be refused).
 */
function PreviewLogo({ url, merchantName }: { url: string; merchantName: string }) {
  const { t } = useLingui()
  const { config } = useServices()
  const [failed, setFailed] = useState(false)
  if (!url || failed || !isAllowedImage(url, config.get('imageOrigins')))
    return <Text fw={700}>{merchantName}</Text>
  return (
    <img
      src={url}
      alt={t`${merchantName} logo`}
      style={{ maxHeight: 32, maxWidth: 160 }}
      onError={() => setFailed(true)}
    />
  )
}
