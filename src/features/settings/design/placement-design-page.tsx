import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
  Box,
  Grid,
  Input,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import * as v from 'valibot'
import type { Program } from '../../../api/schemas/programs'
import {
  MESSAGE_STYLES,
  PAGE_TYPES,
  type PageType,
  PLACEMENT_TERMS,
  type Placement,
  PlacementSchema,
  type Placements,
  type PlacementsUpdate,
} from '../../../api/schemas/settings'
import { useServices } from '../../../services/services-context'
import { parseAmount } from '../../../shared/money'
import { type MerchantFormat, useMerchantFormat } from '../../../shared/use-merchant-format'
import { PageHeader } from '../../../ui/page-header'
import { SettingsSection } from '../components/settings-section'
import { NotSet, ValueList } from '../components/value-list'
import { SettingsForm } from '../form/settings-form'
import { useSettingsForm } from '../form/use-settings-form'
import { useSettingsContext } from '../use-settings-context'
import { placementsQueryOptions, savePlacements } from './design-api'
import { monthlyPayment } from './financing-math'

interface PlacementValues {
  placements: Placement[]
}

const DEFAULT_PRICE = '250.00'

/** One placement per page type, in page order; a page type the platform has none for starts switched off. */
function placementValues(placements: Placements, programs: readonly Program[]): PlacementValues {
  const fallbackProgram = programs.find((program) => program.channel === 'ECOMM') ?? programs[0]
  return {
    placements: PAGE_TYPES.flatMap((pageType) => {
      const found = placements.placements.find((placement) => placement.pageType === pageType)
      if (found) return [{ ...found }]
      return fallbackProgram
        ? [
            {
              pageType,
              enabled: false,
              style: 'TEXT' as const,
              programID: fallbackProgram.id,
              termMonths: 12 as const,
            },
          ]
        : []
    }),
  }
}

const placementsSchema: v.GenericSchema<PlacementValues, PlacementsUpdate> = v.object({
  placements: v.array(PlacementSchema),
})

/** The placements as edited, for a draft kept across a sign-in (src/drafts). */
const placementsDraftShape: v.GenericSchema<unknown, PlacementValues> = v.strictObject({
  placements: v.pipe(v.array(PlacementSchema), v.maxLength(PAGE_TYPES.length)),
})

function usePageTypeText(): Record<PageType, { name: string; show: string; sample: string }> {
  const { t } = useLingui()
  return {
    PRODUCT: { name: t`Product pages`, show: t`Show on product pages`, sample: t`Trail tent, 2-person` },
    CART: { name: t`Cart`, show: t`Show in the cart`, sample: t`Cart total` },
    CHECKOUT: { name: t`Checkout`, show: t`Show at checkout`, sample: t`Order total` },
  }
}

export function PlacementDesignPage() {
  const { merchant, programs, abilities } = useSettingsContext()
  const { api } = useServices()
  const { data } = useSuspenseQuery(placementsQueryOptions(api, merchant.id))
  const format = useMerchantFormat(merchant)
  const editable = abilities.placementDesignEdit

  return (
    <>
      <PageHeader
        title={<Trans>Placement design</Trans>}
        description={
          <Trans>Financing messages on your site that show shoppers what they would pay each month.</Trans>
        }
      />
      <SettingsSection
        titleId="placements"
        title={<Trans>Messages by page type</Trans>}
        description={<Trans>Last changed {format.dateTime(data.updatedAt)}.</Trans>}
      >
        {programs.length === 0 ? (
          <NotSet>
            <Trans>Messages quote an active program's terms; this merchant has none.</Trans>
          </NotSet>
        ) : editable ? (
          <PlacementsForm placements={data} />
        ) : (
          <PlacementsList placements={data} />
        )}
      </SettingsSection>
    </>
  )
}

function PlacementsList({ placements }: { placements: Placements }) {
  const { t } = useLingui()
  const { merchant, programs } = useSettingsContext()
  const format = useMerchantFormat(merchant)
  const pageText = usePageTypeText()
  const values = placementValues(placements, programs)
  return (
    <Stack gap="lg">
      <ValueList
        items={values.placements.map((placement) => {
          const program = programs.find((candidate) => candidate.id === placement.programID)
          const style = placement.style === 'BANNER' ? t`Banner` : t`Text line`
          const programName = program?.name ?? t`a program that has ended`
          const months = placement.termMonths
          return {
            id: placement.pageType,
            label: pageText[placement.pageType].name,
            value: placement.enabled
              ? t`${style}, quoting ${plural(months, { one: '# month', other: '# months' })} of ${programName}`
              : t`Not shown`,
          }
        })}
      />
      <Previews placements={values.placements} price={DEFAULT_PRICE} format={format} />
    </Stack>
  )
}

function PlacementsForm({ placements }: { placements: Placements }) {
  const { t } = useLingui()
  const { api } = useServices()
  const { merchant, programs } = useSettingsContext()
  const queryClient = useQueryClient()
  const format = useMerchantFormat(merchant)
  const [price, setPrice] = useState(DEFAULT_PRICE)

  const form = useSettingsForm({
    initial: placementValues(placements, programs),
    schema: placementsSchema,
    save: (body) => savePlacements(api, merchant.id, body),
    valuesOf: (saved) => placementValues(saved, programs),
    onSaved: (saved) => queryClient.setQueryData(placementsQueryOptions(api, merchant.id).queryKey, saved),
    successMessage: (saved) => {
      const shown = saved.placements.filter((placement) => placement.enabled).length
      return t`Placements saved: ${plural(shown, { one: '# page type shows', other: '# page types show' })} a financing message.`
    },
  })

  function change(pageType: PageType, patch: Partial<Placement>) {
    form.update((values) => ({
      placements: values.placements.map((placement) =>
        placement.pageType === pageType ? { ...placement, ...patch } : placement,
      ),
    }))
  }

  return (
    <SettingsForm
      form={form}
      label={t`Placements`}
      draft={{ key: 'settings:placements', schema: placementsDraftShape }}
    >
      <Stack gap="md">
        {form.values.placements.map((placement) => (
          <PlacementFields
            key={placement.pageType}
            placement={placement}
            programs={programs}
            onChange={(patch) => change(placement.pageType, patch)}
          />
        ))}
      </Stack>
      <TextInput
        label={t`Sample price for the previews`}
        description={t`Not saved; try the prices you sell at`}
        leftSection={<Text size="sm">{format.currencySymbol}</Text>}
        inputMode="decimal"
        value={price}
        onChange={(event) => setPrice(event.currentTarget.value)}
        maw={260}
      />
      <Previews placements={form.values.placements} price={price} format={format} />
    </SettingsForm>
  )
}

function PlacementFields({
  placement,
  programs,
  onChange,
}: {
  placement: Placement
  programs: readonly Program[]
  onChange: (patch: Partial<Placement>) => void
}) {
  const { t } = useLingui()
  const pageText = usePageTypeText()
  const styleLabelId = useId()
  const text = pageText[placement.pageType]
  return (
    <Paper withBorder radius="sm" p="md" bg="var(--mantine-color-gray-0)">
      <Stack gap="sm">
        <Switch
          label={<Text fw={600}>{text.show}</Text>}
          checked={placement.enabled}
          onChange={(event) => onChange({ enabled: event.currentTarget.checked })}
        />
        {placement.enabled ? (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <Stack gap={4}>
                <Input.Label id={styleLabelId}>
                  <Trans>Style</Trans>
                </Input.Label>
                <SegmentedControl
                  aria-labelledby={styleLabelId}
                  fullWidth
                  data={MESSAGE_STYLES.map((style) => ({
                    value: style,
                    label: style === 'BANNER' ? t`Banner` : t`Text line`,
                  }))}
                  value={placement.style}
                  onChange={(value) => {
                    const style = MESSAGE_STYLES.find((candidate) => candidate === value)
                    if (style) onChange({ style })
                  }}
                />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <Select
                label={t`Program quoted`}
                data={programs.map((program) => ({ value: program.id, label: program.name }))}
                value={placement.programID}
                onChange={(programID) => {
                  if (programID) onChange({ programID })
                }}
                allowDeselect={false}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 3 }}>
              <Select
                label={t`Months quoted`}
                data={PLACEMENT_TERMS.map((months) => ({ value: String(months), label: String(months) }))}
                value={String(placement.termMonths)}
                onChange={(value) => {
                  const months = PLACEMENT_TERMS.find((candidate) => String(candidate) === value)
                  if (months) onChange({ termMonths: months })
                }}
                allowDeselect={false}
              />
            </Grid.Col>
          </Grid>
        ) : null}
      </Stack>
    </Paper>
  )
}

/** The message a placement shows for a price, in words with the monthly amount from the program's rate. */
function useMessageText() {
  const { t } = useLingui()
  return (placement: Placement, program: Program | undefined, priceMinor: number, format: MerchantFormat) => {
    const apr = program ? program.displayInterestRateBPS / 100 : 0
    const months = placement.termMonths
    const amount = format.money(monthlyPayment(priceMinor, apr, months))
    return apr > 0
      ? t`Pay over time: as low as ${amount} a month for ${plural(months, { one: '# month', other: '# months' })} at ${format.percent(apr)} APR.`
      : t`Pay over time: ${plural(months, { one: '# interest-free monthly payment', other: '# interest-free monthly payments' })} of ${amount}.`
  }
}

function Previews({
  placements,
  price,
  format,
}: {
  placements: readonly Placement[]
  price: string
  format: MerchantFormat
}) {
  const { t } = useLingui()
  const { programs } = useSettingsContext()
  const pageText = usePageTypeText()
  const messageText = useMessageText()
  const priceMinor = parseAmount(price) ?? 0
  const shown = placements.filter((placement) => placement.enabled)

  return (
    <Box component="section" aria-labelledby="placement-previews">
      <Title order={3} size="h5" id="placement-previews" mb="xs">
        <Trans>Previews</Trans>
      </Title>
      {shown.length === 0 ? (
        <NotSet>
          <Trans>No page type shows a message.</Trans>
        </NotSet>
      ) : (
        <Grid gap="md">
          {shown.map((placement) => {
            const program = programs.find((candidate) => candidate.id === placement.programID)
            const message = messageText(placement, program, priceMinor, format)
            return (
              <Grid.Col key={placement.pageType} span={{ base: 12, md: 4 }}>
                <Paper
                  withBorder
                  radius="sm"
                  p="md"
                  h="100%"
                  bg="white"
                  component="figure"
                  m={0}
                  aria-label={t`Preview on ${pageText[placement.pageType].name}`}
                >
                  <Stack gap={6}>
                    <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                      {pageText[placement.pageType].name}
                    </Text>
                    <Text fw={600}>{pageText[placement.pageType].sample}</Text>
                    <Text fw={700} size="lg">
                      {format.money(priceMinor)}
                    </Text>
                    {placement.style === 'BANNER' ? (
                      <Box
                        p="sm"
                        data-testid={`message-${placement.pageType}`}
                        style={{
                          borderRadius: 6,
                          background: 'var(--mantine-color-gray-1)',
                          borderLeft: '4px solid var(--mantine-primary-color-filled)',
                        }}
                      >
                        <Text size="sm">{message}</Text>
                      </Box>
                    ) : (
                      <Text size="sm" data-testid={`message-${placement.pageType}`}>
                        {message}
                      </Text>
                    )}
                  </Stack>
                </Paper>
              </Grid.Col>
            )
          })}
        </Grid>
      )}
    </Box>
  )
}
