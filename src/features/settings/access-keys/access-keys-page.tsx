import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Button, Code, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core'
import { IconKey, IconRefresh, IconTrash } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { RotationGraceHours } from '../../../../contract/access-keys'
import { KEY_ENVIRONMENTS, type KeyEnvironment } from '../../../../contract/settings'
import type { AccessKey } from '../../../api/schemas/settings'
import { useServices } from '../../../services/services-context'
import { useStepUp } from '../../../shared/form/use-step-up'
import { type MerchantFormat, useMerchantFormat } from '../../../shared/use-merchant-format'
import { PageData } from '../../../ui/page-data'
import { PageHeader } from '../../../ui/page-header'
import { CopyValue } from '../components/copy-value'
import { SettingsSection } from '../components/settings-section'
import { NotSet, ValueList } from '../components/value-list'
import { useSettingsContext } from '../use-settings-context'
import { accessKeysQueryOptions } from './access-keys-api'
import { CreateKeyDialog } from './create-key-dialog'
import { type CreateStepUp, keyStepUpShape } from './key-step-up'
import { RevokeKeyDialog } from './revoke-key-dialog'
import { RotateKeyDialog } from './rotate-key-dialog'

type OpenDialog =
  | { kind: 'create'; resumed: CreateStepUp | null }
  | { kind: 'rotate'; key: AccessKey; resumedGrace: RotationGraceHours | null }
  | { kind: 'revoke'; key: AccessKey }

/**
 * The merchant's access keys per environment: names, dates and last use for everyone who may open the
 * page; creating, rotating and revoking for those who may manage keys (SCOPES.apiKeys.manage). A secret is
 * shown once, in the dialog that made it, and never again.
 */
export function AccessKeysPage() {
  const { merchant, abilities } = useSettingsContext()
  const { api } = useServices()
  const keysQuery = useQuery(accessKeysQueryOptions(api, merchant.id))
  const format = useMerchantFormat(merchant)
  const manage = abilities.accessKeysManage
  // Back from the fresh sign-in a create or rotate asked for: its dialog opens again with the choice.
  const stepUp = useStepUp({ key: 'access-keys', schema: keyStepUpShape })
  const resumed = stepUp.resumed
  const [open, setOpen] = useState<OpenDialog | null>(() =>
    resumed?.action === 'create' ? { kind: 'create', resumed } : null,
  )
  const [resumedRotation, setResumedRotation] = useState(resumed?.action === 'rotate' ? resumed : null)
  const keys = keysQuery.data
  useEffect(() => {
    if (!resumedRotation || !keys) return
    const key = keys.find(
      (candidate) => candidate.id === resumedRotation.keyID && candidate.status === 'ACTIVE',
    )
    if (key) setOpen({ kind: 'rotate', key, resumedGrace: resumedRotation.graceHours })
    setResumedRotation(null)
  }, [resumedRotation, keys])

  const close = () => setOpen(null)
  return (
    <>
      <PageHeader
        title={<Trans>Access keys</Trans>}
        description={
          <Trans>Keys your systems use to call the payments API. Keep secrets out of code and chat.</Trans>
        }
        actions={
          manage ? (
            <Button
              leftSection={<IconKey size={16} aria-hidden="true" />}
              aria-haspopup="dialog"
              onClick={() => setOpen({ kind: 'create', resumed: null })}
            >
              <Trans>Create key</Trans>
            </Button>
          ) : null
        }
      />
      <PageData query={keysQuery}>
        {(list) => (
          <Stack gap="lg">
            {KEY_ENVIRONMENTS.map((environment) => (
              <EnvironmentKeys
                key={environment}
                environment={environment}
                keys={list.filter((key) => key.environment === environment)}
                format={format}
                onRotate={manage ? (key) => setOpen({ kind: 'rotate', key, resumedGrace: null }) : null}
                onRevoke={manage ? (key) => setOpen({ kind: 'revoke', key }) : null}
              />
            ))}
          </Stack>
        )}
      </PageData>
      {open?.kind === 'create' ? (
        <CreateKeyDialog merchantId={merchant.id} stepUp={stepUp} resumed={open.resumed} onClose={close} />
      ) : open?.kind === 'rotate' ? (
        <RotateKeyDialog
          merchantId={merchant.id}
          accessKey={open.key}
          format={format}
          stepUp={stepUp}
          resumedGrace={open.resumedGrace}
          onClose={close}
        />
      ) : open?.kind === 'revoke' ? (
        <RevokeKeyDialog merchantId={merchant.id} accessKey={open.key} onClose={close} />
      ) : null}
    </>
  )
}

interface KeyActions {
  format: MerchantFormat
  /** Null for users who may not manage keys: no buttons. */
  onRotate: ((key: AccessKey) => void) | null
  onRevoke: ((key: AccessKey) => void) | null
}

function EnvironmentKeys({
  environment,
  keys,
  ...actions
}: KeyActions & { environment: KeyEnvironment; keys: readonly AccessKey[] }) {
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
            <KeyCard key={key.id} accessKey={key} {...actions} />
          ))}
        </Stack>
      )}
    </SettingsSection>
  )
}

/**
 * A key wraps where it must rather than scroll: Mantine's Code scrolls its overflow, and a scrolling box
 * that holds nothing focusable is out of reach of the keyboard (axe's scrollable-region-focusable, which
 * Firefox reported at phone width).
 */
const WRAPPED = { overflow: 'visible', overflowWrap: 'anywhere' } as const

function KeyCard({ accessKey, format, onRotate, onRevoke }: KeyActions & { accessKey: AccessKey }) {
  const { t } = useLingui()
  const { name } = accessKey
  const production = accessKey.environment === 'PRODUCTION'
  const expiring = accessKey.status === 'EXPIRING'
  return (
    <Paper withBorder radius="sm" p="md" bg="var(--mantine-color-gray-0)" data-testid={`key-${accessKey.id}`}>
      <Stack gap="sm">
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <Text fw={600}>{name}</Text>
            <Badge variant="dot" tt="none" radius="sm" color={production ? 'red' : 'blue'}>
              {production ? <Trans>Live</Trans> : <Trans>Test</Trans>}
            </Badge>
            {expiring ? (
              <Badge variant="dot" tt="none" radius="sm" color="orange">
                {accessKey.expiresAt ? (
                  <Trans>Expiring: works until {format.dateTime(accessKey.expiresAt)}</Trans>
                ) : (
                  <Trans>Expiring</Trans>
                )}
              </Badge>
            ) : accessKey.status === 'ACTIVE' ? (
              <Badge variant="dot" tt="none" radius="sm" color="green">
                <Trans>Active</Trans>
              </Badge>
            ) : (
              <Badge variant="dot" tt="none" radius="sm" color="gray">
                {accessKey.status}
              </Badge>
            )}
          </Group>
          {onRotate && onRevoke ? (
            <Group gap="xs">
              {accessKey.status === 'ACTIVE' ? (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconRefresh size={14} aria-hidden="true" />}
                  aria-label={t`Rotate ${name}`}
                  aria-haspopup="dialog"
                  onClick={() => onRotate(accessKey)}
                >
                  <Trans>Rotate</Trans>
                </Button>
              ) : null}
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden="true" />}
                aria-label={t`Revoke ${name}`}
                aria-haspopup="dialog"
                onClick={() => onRevoke(accessKey)}
              >
                <Trans>Revoke</Trans>
              </Button>
            </Group>
          ) : null}
        </Group>
        <ValueList
          items={[
            {
              id: 'public',
              label: t`Public key`,
              value: (
                <Group gap={4} wrap="nowrap" align="center">
                  <Code style={WRAPPED}>{accessKey.publicKey}</Code>
                  <CopyValue value={accessKey.publicKey} label={t`Copy the public key of ${name}`} />
                </Group>
              ),
            },
            {
              id: 'secret',
              label: t`Secret key`,
              value: (
                <Code data-testid={`secret-${accessKey.id}`} style={WRAPPED}>
                  <span aria-hidden="true">{production ? 'sk_live_' : 'sk_test_'}••••••••</span>
                  <VisuallyHidden>{t`Hidden, ending in`} </VisuallyHidden>
                  {accessKey.secretLast4}
                </Code>
              ),
            },
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
