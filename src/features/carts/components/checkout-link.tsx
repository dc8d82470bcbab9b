import { Trans, useLingui } from '@lingui/react/macro'
import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { useId, useMemo } from 'react'
import { encode } from 'uqr'

/** The link the customer checks out with: to copy, or to scan from the counter or a screen share. */
export function CheckoutLink({ url }: { url: string }) {
  const { t } = useLingui()
  const id = useId()
  return (
    <Stack gap="sm">
      <TextInput
        id={id}
        label={t`Checkout link`}
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      <Group>
        <CopyButton value={url} timeout={2500}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'default'}
              color={copied ? 'teal' : undefined}
              leftSection={
                copied ? (
                  <IconCheck size={16} aria-hidden="true" />
                ) : (
                  <IconCopy size={16} aria-hidden="true" />
                )
              }
              onClick={copy}
            >
              {copied ? <Trans>Link copied</Trans> : <Trans>Copy link</Trans>}
            </Button>
          )}
        </CopyButton>
      </Group>
      <QrCode value={url} label={t`QR code of the checkout link`} />
      <Text size="xs" c="dimmed">
        <Trans>The customer can scan this code with their phone’s camera to open the cart.</Trans>
      </Text>
    </Stack>
  )
}

function QrCode({ value, label }: { value: string; label: string }) {
  const { path, size } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 })
    let d = ''
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`
      })
    })
    return { path: d, size: qr.size }
  }, [value])
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={168}
      height={168}
      shapeRendering="crispEdges"
      style={{ background: '#fff', borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
    >
      <path d={path} fill="#000" />
    </svg>
  )
}
