import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Fieldset, Grid, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import {
  FEE_HANDLING,
  type FeeHandling,
  FUNDING_FREQUENCIES,
  type FundingFrequency,
  LAST_PAYOUT_DAY,
  WEEKDAYS,
} from '../../../../contract/settings'
import type { FundingSettings } from '../../../api/schemas/settings'
import { useServices } from '../../../services/services-context'
import { useMerchantFormat } from '../../../shared/use-merchant-format'
import { PageData } from '../../../ui/page-data'
import { PageHeader } from '../../../ui/page-header'
import { SettingsSection } from '../components/settings-section'
import { NotSet, ValueList } from '../components/value-list'
import { SettingsForm } from '../form/settings-form'
import { useSettingsForm } from '../form/use-settings-form'
import { settingsKeys } from '../settings-keys'
import { useSettingsContext } from '../use-settings-context'
import { fundingSettingsQueryOptions, saveFundingSettings } from './funding-api'
import {
  describeSchedule,
  fundingDraftShape,
  fundingSchema,
  fundingValues,
  WEEKDAY_NAMES,
} from './funding-form'

// The two groups of the form read as sub-headings, above their own labelled controls.
const LEGEND_STYLES = {
  legend: {
    fontWeight: 700,
    fontSize: 'var(--mantine-font-size-md)',
    marginBottom: 'var(--mantine-spacing-xs)',
  },
}

export function FundingSettingsPage() {
  const { merchant, abilities } = useSettingsContext()
  const { api } = useServices()
  const fundingQuery = useQuery(fundingSettingsQueryOptions(api, merchant.id))
  const format = useMerchantFormat(merchant)
  const editable = abilities.fundingSettingsEdit

  return (
    <>
      <PageHeader
        title={<Trans>Funding settings</Trans>}
        description={
          <Trans>When your balance is paid out to your bank account, and how fees are settled.</Trans>
        }
      />
      <PageData query={fundingQuery}>
        {(funding) => (
          <SettingsSection
            titleId="funding"
            title={<Trans>Payout schedule and settlement</Trans>}
            description={<Trans>Last changed {format.dateTime(funding.updatedAt)}.</Trans>}
          >
            {editable ? <FundingForm funding={funding} /> : <FundingValues funding={funding} />}
          </SettingsSection>
        )}
      </PageData>
    </>
  )
}

function useFeeText() {
  const { t } = useLingui()
  return {
    label: (fee: FeeHandling) => (fee === 'NET' ? t`Net of fees` : t`Gross, fees billed monthly`),
    description: (fee: FeeHandling) =>
      fee === 'NET'
        ? t`Fees are taken from each payout, so what arrives is what you keep.`
        : t`Each payout is the full amount; fees are billed once a month.`,
  }
}

function FundingValues({ funding }: { funding: FundingSettings }) {
  const { t, i18n } = useLingui()
  const { merchant } = useSettingsContext()
  const format = useMerchantFormat(merchant)
  const fee = useFeeText()
  const { settlement } = funding
  return (
    <ValueList
      items={[
        { id: 'schedule', label: t`Payout schedule`, value: describeSchedule(funding.schedule, i18n) },
        { id: 'fees', label: t`Fees`, value: fee.label(settlement.feeHandling) },
        {
          id: 'minimum',
          label: t`Minimum payout`,
          value:
            settlement.minimumPayoutAmount > 0 ? (
              format.money(settlement.minimumPayoutAmount)
            ) : (
              <NotSet>
                <Trans>No minimum</Trans>
              </NotSet>
            ),
        },
        { id: 'descriptor', label: t`Statement descriptor`, value: settlement.statementDescriptor },
      ]}
    />
  )
}

function FundingForm({ funding }: { funding: FundingSettings }) {
  const { t, i18n } = useLingui()
  const { api } = useServices()
  const { merchant } = useSettingsContext()
  const queryClient = useQueryClient()
  const format = useMerchantFormat(merchant)
  const fee = useFeeText()
  const schema = useMemo(() => fundingSchema(i18n), [i18n])

  const form = useSettingsForm({
    initial: fundingValues(funding),
    schema,
    save: (body) => saveFundingSettings(api, merchant.id, body),
    valuesOf: fundingValues,
    onSaved: (saved) => queryClient.setQueryData(settingsKeys.funding(merchant.id), saved),
    successMessage: (saved) =>
      t`Funding settings saved. Payout schedule: ${describeSchedule(saved.schedule, i18n)}.`,
  })

  const frequencyText: Record<FundingFrequency, { label: string; description: string }> = {
    DAILY: { label: t`Daily`, description: t`Every business day` },
    WEEKLY: { label: t`Weekly`, description: t`Once a week, on the day you choose` },
    MONTHLY: { label: t`Monthly`, description: t`Once a month, on the day you choose` },
  }
  const { values } = form

  return (
    <SettingsForm
      form={form}
      label={t`Payout schedule and settlement`}
      draft={{ key: 'settings:funding', schema: fundingDraftShape }}
    >
      <Fieldset legend={t`Payout schedule`} variant="unstyled" styles={LEGEND_STYLES}>
        <Stack gap="md">
          <Radio.Group
            label={t`How often`}
            value={values.frequency}
            onChange={(value) => {
              const frequency = FUNDING_FREQUENCIES.find((candidate) => candidate === value)
              if (frequency) form.set('frequency', frequency)
            }}
          >
            <Group gap="lg" mt="xs" align="flex-start">
              {FUNDING_FREQUENCIES.map((frequency) => (
                <Radio
                  key={frequency}
                  value={frequency}
                  label={frequencyText[frequency].label}
                  description={frequencyText[frequency].description}
                />
              ))}
            </Group>
          </Radio.Group>
          {values.frequency === 'WEEKLY' ? (
            <Select
              label={t`Day of the week`}
              data={WEEKDAYS.map((day) => ({ value: day, label: i18n._(WEEKDAY_NAMES[day]) }))}
              value={values.weekday}
              onChange={(value) => {
                const day = WEEKDAYS.find((candidate) => candidate === value)
                if (day) form.set('weekday', day)
              }}
              allowDeselect={false}
              maw={320}
            />
          ) : null}
          {values.frequency === 'MONTHLY' ? (
            <Select
              label={t`Day of the month`}
              description={t`Up to the 28th, so that every month has the day. A weekend or holiday moves the payout to the next business day.`}
              data={Array.from({ length: LAST_PAYOUT_DAY }, (_, index) => String(index + 1))}
              value={values.dayOfMonth}
              onChange={(value) => {
                if (value) form.set('dayOfMonth', value)
              }}
              error={form.errorOf('dayOfMonth')}
              allowDeselect={false}
              maw={320}
            />
          ) : null}
        </Stack>
      </Fieldset>
      <Fieldset legend={t`Settlement options`} variant="unstyled" styles={LEGEND_STYLES}>
        <Stack gap="md">
          <Radio.Group
            label={t`Fees`}
            value={values.feeHandling}
            onChange={(value) => {
              const handling = FEE_HANDLING.find((candidate) => candidate === value)
              if (handling) form.set('feeHandling', handling)
            }}
          >
            <Stack gap="sm" mt="xs">
              {FEE_HANDLING.map((handling) => (
                <Radio
                  key={handling}
                  value={handling}
                  label={fee.label(handling)}
                  description={fee.description(handling)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t`Minimum payout`}
                description={t`A smaller balance waits for the next payout. 0 means no minimum.`}
                leftSection={<Text size="sm">{format.currencySymbol}</Text>}
                inputMode="decimal"
                {...form.field('minimumPayout')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t`Statement descriptor`}
                description={t`How payouts appear on your bank statement, 5 to 22 characters`}
                maxLength={22}
                styles={{ input: { textTransform: 'uppercase' } }}
                {...form.field('statementDescriptor')}
              />
            </Grid.Col>
          </Grid>
        </Stack>
      </Fieldset>
    </SettingsForm>
  )
}
