import '../../../ui/mantine-later.css'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Button,
  Checkbox,
  CloseButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { MAX_RECIPIENTS, NOTIFICATION_EVENTS } from '../../../../contract/settings'
import type { NotificationSubscriptions } from '../../../api/schemas/settings'
import { useServices } from '../../../services/services-context'
import { useSchemaForm } from '../../../shared/form/use-schema-form'
import { useMerchantFormat } from '../../../shared/use-merchant-format'
import { PageData } from '../../../ui/page-data'
import { PageHeader } from '../../../ui/page-header'
import { SettingsSection } from '../components/settings-section'
import { NotSet, ValueList } from '../components/value-list'
import { SettingsForm } from '../form/settings-form'
import { type SettingsForm as Form, useSettingsForm } from '../form/use-settings-form'
import { settingsKeys } from '../settings-keys'
import { useSettingsContext } from '../use-settings-context'
import { saveSubscriptions, subscriptionsQueryOptions } from './subscriptions-api'
import {
  EVENT_TEXT,
  newRecipientSchema,
  orderedEvents,
  type SubscriptionValues,
  subscriptionsDraftShape,
  subscriptionsSchema,
  subscriptionValues,
} from './subscriptions-form'

export function EmailNotificationsPage() {
  const { merchant, abilities } = useSettingsContext()
  const { api } = useServices()
  const subscriptionsQuery = useQuery(subscriptionsQueryOptions(api, merchant.id))
  const format = useMerchantFormat(merchant)
  const editable = abilities.emailNotificationsEdit

  return (
    <>
      <PageHeader
        title={<Trans>Email notifications</Trans>}
        description={<Trans>Who hears about payouts, reports, refunds and disputes, by email.</Trans>}
      />
      <PageData query={subscriptionsQuery}>
        {(subscriptions) => (
          <SettingsSection
            titleId="recipients"
            title={<Trans>Recipients</Trans>}
            description={<Trans>Last changed {format.dateTime(subscriptions.updatedAt)}.</Trans>}
          >
            {editable ? (
              <SubscriptionsForm subscriptions={subscriptions} />
            ) : (
              <SubscriptionValuesList subscriptions={subscriptions} />
            )}
          </SettingsSection>
        )}
      </PageData>
    </>
  )
}

function SubscriptionValuesList({ subscriptions }: { subscriptions: NotificationSubscriptions }) {
  const { i18n } = useLingui()
  if (subscriptions.recipients.length === 0) {
    return (
      <NotSet>
        <Trans>Nobody receives notification emails.</Trans>
      </NotSet>
    )
  }
  return (
    <ValueList
      items={subscriptions.recipients.map((recipient) => ({
        id: recipient.email,
        label: (
          <Text style={{ overflowWrap: 'anywhere' }} inherit span>
            {recipient.email}
          </Text>
        ),
        value: (
          <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {recipient.events.map((event) => (
              <li key={event}>{i18n._(EVENT_TEXT[event].label)}</li>
            ))}
          </Stack>
        ),
      }))}
    />
  )
}

function SubscriptionsForm({ subscriptions }: { subscriptions: NotificationSubscriptions }) {
  const { t, i18n } = useLingui()
  const { api } = useServices()
  const { merchant } = useSettingsContext()
  const queryClient = useQueryClient()
  const schema = useMemo(() => subscriptionsSchema(i18n), [i18n])

  const form = useSettingsForm({
    initial: subscriptionValues(subscriptions),
    schema,
    save: (body) => saveSubscriptions(api, merchant.id, body),
    valuesOf: subscriptionValues,
    onSaved: (saved) => queryClient.setQueryData(settingsKeys.subscriptions(merchant.id), saved),
    successMessage: (saved) => {
      const count = saved.recipients.length
      return t`Email notifications saved for ${plural(count, { one: '# recipient', other: '# recipients' })}.`
    },
  })
  const { recipients } = form.values

  return (
    <SettingsForm
      form={form}
      label={t`Email notification recipients`}
      draft={{ key: 'settings:notifications', schema: subscriptionsDraftShape }}
    >
      {recipients.length === 0 ? (
        <Text c="dimmed">
          <Trans>Nobody receives notification emails. Add a recipient below.</Trans>
        </Text>
      ) : null}
      <Stack gap="md">
        {recipients.map((recipient, index) => (
          <Paper
            key={recipient.email}
            withBorder
            radius="sm"
            p="md"
            pos="relative"
            bg="var(--mantine-color-gray-0)"
          >
            <CloseButton
              pos="absolute"
              top={10}
              right={10}
              aria-label={t`Remove ${recipient.email}`}
              onClick={() =>
                form.update((values) => ({
                  recipients: values.recipients.filter((_, position) => position !== index),
                }))
              }
            />
            <Checkbox.Group
              label={
                <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {recipient.email}
                </Text>
              }
              labelProps={{ style: { paddingRight: 40 } }}
              value={recipient.events}
              onChange={(events) =>
                form.update((values) => ({
                  recipients: values.recipients.map((item, position) =>
                    position === index ? { ...item, events: orderedEvents(events) } : item,
                  ),
                }))
              }
              error={form.errorOf(`recipients.${index}.events`)}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" mt="xs">
                {NOTIFICATION_EVENTS.map((event) => (
                  <Checkbox
                    key={event}
                    value={event}
                    label={i18n._(EVENT_TEXT[event].label)}
                    description={i18n._(EVENT_TEXT[event].description)}
                  />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          </Paper>
        ))}
      </Stack>
      <AddRecipient form={form} />
    </SettingsForm>
  )
}

function AddRecipient({ form }: { form: Form<SubscriptionValues> }) {
  const { t, i18n } = useLingui()
  const { recipients } = form.values
  const full = recipients.length >= MAX_RECIPIENTS
  const schema = useMemo(() => newRecipientSchema(recipients, i18n), [recipients, i18n])
  // A form of its own without a form element (forms do not nest): the button adds on click, and Enter in
  // the field adds instead of saving. Adding puts the address on the list that the page's Save sends.
  const adding = useSchemaForm({
    initialValues: { email: '' },
    schema,
    save: async ({ email }) =>
      form.update((values) => ({
        recipients: [...values.recipients, { email, events: [...NOTIFICATION_EVENTS] }],
      })),
    valuesAfterSave: () => ({ email: '' }),
  })

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        label={t`Add a recipient`}
        description={
          full ? t`At most ${MAX_RECIPIENTS} recipients.` : t`They receive every email until you untick some.`
        }
        type="email"
        autoComplete="off"
        placeholder="finance@example.com"
        // Leaving the field empty is not a mistake: its error shows when adding fails, then as you type.
        {...adding.field('email', { withFocus: false })}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return
          event.preventDefault()
          adding.submit()
        }}
        disabled={full}
        style={{ flex: '1 1 16rem' }}
      />
      <Button
        variant="light"
        leftSection={<IconPlus size={16} aria-hidden="true" />}
        onClick={() => adding.submit()}
        disabled={full}
      >
        <Trans>Add recipient</Trans>
      </Button>
    </Group>
  )
}
