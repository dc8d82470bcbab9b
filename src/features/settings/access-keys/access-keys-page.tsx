import '../../../ui/mantine-later.css'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core'
import { IconAlertTriangle, IconEye, IconEyeOff } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { KEY_ENVIRONMENTS, type KeyEnvironment } from '../../../../contract/settings'
import type { AccessKey } from '../../../api/schemas/settings'
import { useServices } from '../../../services/services-context'
import { useMerchantFormat } from '../../../shared/use-merchant-format'
import { PageData } from '../../../ui/page-data'
import { PageHeader } from '../../../ui/page-header'
import { CopyValue } from '../components/copy-value'
import { SettingsSection } from '../components/settings-section'
import { NotSet, ValueList } from '../components/value-list'
import { saveErrorMessage } from '../form/save-error'
import { useSettingsContext } from '../use-settings-context'
import { accessKeysQueryOptions, useRevealSecret } from './access-keys-api'
import { REVEAL_MS, useRevealedSecret } from './use-revealed-secret'

export function AccessKeysPage() {
  const { merchant } = useSettingsContext()
  const { api } = useServices()
  const keysQuery = useQuery(accessKeysQueryOptions(api, merchant.id))

  return (
    <>
      <PageHeader
        title={<Trans>Access keys</Trans>}
        description={
          <Trans>Keys your systems use to call the payments API. Keep secrets out of code and chat.</Trans>
        }
      />
      <PageData query={keysQuery}>
        {(keys) => (
          <Stack gap="lg">
            {KEY_ENVIRONMENTS.map((environment) => (
              <EnvironmentKeys
                key={environment}
                environment={environment}
                keys={keys.filter((key) => key.environment === environment)}
              />
            ))}
          </Stack>
        )}
      </PageData>
    </>
  )
}

function EnvironmentKeys({ environment, keys }: { environment: KeyEnvironment; keys: readonly AccessKey[] }) {
  const production = environment === 'PRODUCTION'
  return (
    <SettingsSection
      titleId={`keys-${environment.toLowerCase()}`}
      title={production ? <Trans>Production keys</Trans> : <Trans>Sandbox keys</Trans>}
      description={
        production ? (
          <Trans>Live keys: calls made with them move real money.</Trans>
        ) : (
          <Trans>Test keys for building and trying an integration; no money moves.</Trans>
        )
      }
    >
      {keys.length === 0 ? (
        <NotSet>
          <Trans>No keys in this environment.</Trans>
        </NotSet>
      ) : (
        <Stack gap="md">
          {keys.map((key) => (
            <KeyCard key={key.id} accessKey={key} />
          ))}
        </Stack>
      )}
    </SettingsSection>
  )
}

function KeyCard({ accessKey }: { accessKey: AccessKey }) {
  const { t } = useLingui()
  const { merchant } = useSettingsContext()
  const format = useMerchantFormat(merchant)

  return (
    <Paper withBorder radius="sm" p="md" bg="var(--mantine-color-gray-0)">
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={600}>{accessKey.name}</Text>
          <Badge
            variant="dot"
            tt="none"
            radius="sm"
            color={accessKey.environment === 'PRODUCTION' ? 'red' : 'blue'}
          >
            {accessKey.environment === 'PRODUCTION' ? <Trans>Live</Trans> : <Trans>Test</Trans>}
          </Badge>
        </Group>
        <ValueList
          items={[
            {
              id: 'public',
              label: t`Public key`,
              value: (
                <Group gap={4} wrap="nowrap" align="center">
                  <Code style={{ overflowWrap: 'anywhere' }}>{accessKey.publicKey}</Code>
                  <CopyValue
                    value={accessKey.publicKey}
                    label={t`Copy the public key of ${accessKey.name}`}
                  />
                </Group>
              ),
            },
            { id: 'secret', label: t`Secret key`, value: <SecretValue accessKey={accessKey} /> },
            { id: 'created', label: t`Created`, value: format.date(accessKey.createdAt) },
            {
              id: 'used',
              label: t`Last used`,
              value: accessKey.lastUsedAt ? (
                format.dateTime(accessKey.lastUsedAt)
              ) : (
                <NotSet>
                  <Trans>Never</Trans>
                </NotSet>
              ),
            },
          ]}
        />
      </Stack>
    </Paper>
  )
}

function SecretValue({ accessKey }: { accessKey: AccessKey }) {
  const { t, i18n } = useLingui()
  const { merchant } = useSettingsContext()
  const reveal = useRevealSecret(merchant.id, accessKey.id)
  const revealed = useRevealedSecret()
  const [confirming, setConfirming] = useState(false)
  const production = accessKey.environment === 'PRODUCTION'

  function fetchAndShow() {
    setConfirming(false)
    reveal.mutate(undefined, { onSuccess: (secret) => revealed.show(secret) })
  }

  if (revealed.secret) {
    const seconds = revealed.secondsLeft
    return (
      <Stack gap={4}>
        <Group gap={4} wrap="nowrap" align="center">
          <Code style={{ overflowWrap: 'anywhere' }} data-testid={`secret-${accessKey.id}`}>
            {revealed.secret}
          </Code>
          <CopyValue value={revealed.secret} label={t`Copy the secret key of ${accessKey.name}`} />
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={revealed.hide}
            aria-label={t`Hide the secret key of ${accessKey.name}`}
          >
            <IconEyeOff size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
        <Text size="xs" c="dimmed">
          {t`Hidden again in ${plural(seconds, { one: '# second', other: '# seconds' })}.`}
        </Text>
      </Stack>
    )
  }

  const seconds = REVEAL_MS / 1_000
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap" align="center">
        <Code data-testid={`secret-${accessKey.id}`}>
          <span aria-hidden="true">{production ? 'sk_live_' : 'sk_test_'}••••••••</span>
          <VisuallyHidden>{t`Hidden, ending in`} </VisuallyHidden>
          {accessKey.secretLast4}
        </Code>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconEye size={14} aria-hidden="true" />}
          loading={reveal.isPending}
          onClick={() => (production ? setConfirming(true) : fetchAndShow())}
          aria-label={t`Reveal the secret key of ${accessKey.name}`}
        >
          <Trans>Reveal</Trans>
        </Button>
      </Group>
      {reveal.isError ? (
        <Text size="xs" c="red.8" role="alert">
          {saveErrorMessage(reveal.error, i18n)}
        </Text>
      ) : null}
      {production ? (
        <Modal
          opened={confirming}
          onClose={() => setConfirming(false)}
          title={t`Show the production secret?`}
          centered
        >
          <Stack gap="lg">
            <Alert variant="light" color="red" role="note" icon={<IconAlertTriangle aria-hidden="true" />}>
              <Trans>
                Anyone who sees this secret can take live payments as {merchant.name}. Make sure nobody is
                looking at your screen; it is hidden again after {seconds} seconds.
              </Trans>
            </Alert>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
                <Trans>Cancel</Trans>
              </Button>
              <Button color="red" onClick={fetchAndShow}>
                <Trans>Show secret</Trans>
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  )
}
