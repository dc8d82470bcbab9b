import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Grid, Paper, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { type ReactNode, useMemo } from 'react'
import type { MerchantValues } from '../../../api/schemas/payment-products'
import type { Program } from '../../../api/schemas/programs'
import { useServices } from '../../../services/services-context'
import { useMerchantFormat } from '../../../shared/use-merchant-format'
import { PageData } from '../../../ui/page-data'
import { PageHeader } from '../../../ui/page-header'
import { SettingsSection } from '../components/settings-section'
import { NotSet, ValueList } from '../components/value-list'
import { SettingsForm } from '../form/settings-form'
import { type SettingsForm as Form, useSettingsForm } from '../form/use-settings-form'
import { useSettingsContext } from '../use-settings-context'
import { chosenProgram, merchantValuesQueryOptions, saveMerchantValues } from './merchant-values-api'
import {
  type FieldSpec,
  type FormValues,
  fieldSpecs,
  formValues,
  merchantValuesDraftShape,
  merchantValuesSchema,
  RISK_TIERS,
} from './merchant-values-form'

const route = getRouteApi('/_authed/_merchant/_settings/internal-settings')

export function InternalSettingsPage() {
  const { t } = useLingui()
  const { programs } = useSettingsContext()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const program = chosenProgram(programs, search.program)

  return (
    <>
      <PageHeader
        title={<Trans>Internal settings</Trans>}
        description={
          <Trans>Values the provider keeps per program for this merchant. Merchants do not see them.</Trans>
        }
      />
      <Stack gap="lg">
        <Alert variant="light" color="gray" role="note" icon={<IconLock aria-hidden="true" />}>
          <Trans>Provider staff only. Changes apply to new applications and checkouts at once.</Trans>
        </Alert>
        {program ? (
          <>
            <Select
              label={t`Program`}
              data={programs.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
              value={program.id}
              onChange={(programId) => {
                if (programId) void navigate({ search: { program: programId } })
              }}
              allowDeselect={false}
              maw={420}
            />
            <ProgramValues key={program.id} program={program} />
          </>
        ) : (
          <Paper withBorder p="xl" radius="md">
            <Text c="dimmed">
              <Trans>This merchant takes part in no active program, so there are no values to set.</Trans>
            </Text>
          </Paper>
        )}
      </Stack>
    </>
  )
}

function ProgramValues({ program }: { program: Program }) {
  const { merchant, abilities } = useSettingsContext()
  const { api } = useServices()
  const valuesQuery = useQuery(merchantValuesQueryOptions(api, merchant.id, program.id))
  const format = useMerchantFormat(merchant)
  const editable = abilities.internalSettingsEdit
  return (
    <PageData query={valuesQuery}>
      {(values) => (
        <SettingsSection
          titleId="merchant-values"
          title={<Trans>Values for {program.name}</Trans>}
          description={<Trans>Last changed {format.dateTime(values.updatedAt)}.</Trans>}
        >
          {editable ? <ValuesForm program={program} values={values} /> : <ValuesList values={values} />}
        </SettingsSection>
      )}
    </PageData>
  )
}

function useSpecLabel() {
  const { i18n } = useLingui()
  return (spec: FieldSpec) => (typeof spec.label === 'string' ? spec.label : i18n._(spec.label))
}

function useRiskLabels(): Record<(typeof RISK_TIERS)[number], string> {
  const { t } = useLingui()
  return { LOW: t`Low`, STANDARD: t`Standard`, ELEVATED: t`Elevated` }
}

function ValuesList({ values }: { values: MerchantValues }) {
  const { t } = useLingui()
  const { merchant } = useSettingsContext()
  const format = useMerchantFormat(merchant)
  const label = useSpecLabel()
  const risk = useRiskLabels()

  function shown(spec: FieldSpec, value: MerchantValues['values'][string] | undefined): ReactNode {
    if (value === null || value === undefined || value === '') {
      return (
        <NotSet>
          <Trans>Not set</Trans>
        </NotSet>
      )
    }
    if (typeof value === 'boolean') return value ? t`Yes` : t`No`
    if (spec.kind === 'money' && typeof value === 'number') return format.money(value)
    const tier = RISK_TIERS.find((candidate) => candidate === value)
    if (spec.kind === 'risk' && tier) return risk[tier]
    return String(value)
  }

  return (
    <ValueList
      items={fieldSpecs(values.values).map((spec) => ({
        id: spec.key,
        label: label(spec),
        value: shown(spec, values.values[spec.key]),
      }))}
    />
  )
}

function ValuesForm({ program, values }: { program: Program; values: MerchantValues }) {
  const { t, i18n } = useLingui()
  const { api } = useServices()
  const { merchant } = useSettingsContext()
  const queryClient = useQueryClient()
  const specs = useMemo(() => fieldSpecs(values.values), [values.values])
  const schema = useMemo(() => merchantValuesSchema(specs, i18n), [specs, i18n])
  const draftShape = useMemo(() => merchantValuesDraftShape(specs), [specs])

  const form = useSettingsForm({
    initial: formValues(values.values, specs),
    schema,
    save: (body) => saveMerchantValues(api, merchant.id, program.id, body),
    valuesOf: (saved) => formValues(saved.values, specs),
    onSaved: (saved) =>
      queryClient.setQueryData(merchantValuesQueryOptions(api, merchant.id, program.id).queryKey, saved),
    successMessage: () => t`Internal settings for ${program.name} were saved.`,
  })

  return (
    <SettingsForm
      form={form}
      label={t`Values for ${program.name}`}
      draft={{ key: `settings:internal:${program.id}`, schema: draftShape }}
    >
      <Grid gap="md">
        {specs.map((spec) => (
          <Grid.Col
            key={spec.key}
            span={{ base: 12, sm: spec.kind === 'note' || spec.kind === 'boolean' ? 12 : 6 }}
          >
            <ValueField spec={spec} form={form} />
          </Grid.Col>
        ))}
      </Grid>
    </SettingsForm>
  )
}

function ValueField({ spec, form }: { spec: FieldSpec; form: Form<FormValues> }) {
  const { i18n } = useLingui()
  const { merchant } = useSettingsContext()
  const format = useMerchantFormat(merchant)
  const label = useSpecLabel()(spec)
  const risk = useRiskLabels()
  const description = spec.description ? i18n._(spec.description) : undefined
  const value = form.values[spec.key]
  const error = form.errorOf(spec.key)

  if (spec.kind === 'boolean') {
    return (
      <Switch
        label={label}
        description={description}
        checked={value === true}
        onChange={(event) => form.set(spec.key, event.currentTarget.checked)}
      />
    )
  }
  const text = typeof value === 'string' ? value : ''
  const common = {
    label,
    description,
    error,
    name: spec.key,
    onBlur: () => form.touch(spec.key),
  }
  if (spec.kind === 'risk') {
    return (
      <Select
        {...common}
        data={RISK_TIERS.map((tier) => ({ value: tier, label: risk[tier] }))}
        value={text || null}
        onChange={(tier) => {
          if (tier) form.set(spec.key, tier)
        }}
        allowDeselect={false}
      />
    )
  }
  if (spec.kind === 'note') {
    return (
      <Textarea
        {...common}
        value={text}
        rows={3}
        onChange={(event) => form.set(spec.key, event.currentTarget.value)}
      />
    )
  }
  return (
    <TextInput
      {...common}
      value={text}
      inputMode={
        spec.kind === 'money' || spec.kind === 'number' || spec.kind === 'mcc' ? 'decimal' : undefined
      }
      leftSection={spec.kind === 'money' ? <Text size="sm">{format.currencySymbol}</Text> : undefined}
      maxLength={spec.kind === 'mcc' ? 4 : undefined}
      onChange={(event) => form.set(spec.key, event.currentTarget.value)}
    />
  )
}
